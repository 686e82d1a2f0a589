"""The order in which the make targets hand test files to the workers: the longest first.

``make unit`` and ``make browser`` give whole files to the workers in the order collected
(``--dist loadfile --no-loadscope-reorder``, ordered in ``conftest.py``). A long file
handed out last kept one worker busy after the others had finished.
"""

from __future__ import annotations

LONGEST_FIRST = (
    # every browser and slow test file (make browser), by the seconds each took with three
    # workers on two cores: the long ones start first and the short ones fill the end
    "tests/browser/test_projector.py",  # 250
    "tests/browser/test_rooms_browser.py",  # 100
    "tests/browser/test_security.py",  # 93
    "tests/browser/test_projector_fixes.py",  # 92
    "tests/browser/test_lite.py",  # 90
    "tests/browser/test_binder.py",  # 83
    "tests/browser/test_navigator_dashboard.py",  # 73
    "tests/browser/test_sequences_dashboard.py",  # 65
    "tests/browser/test_hub_rooms.py",  # 62
    "tests/browser/test_jupyterhub.py",  # 49
    "tests/test_hub_service.py",  # 42
    "tests/browser/test_teacher_progress.py",  # 41
    "tests/browser/test_classroom_browser.py",  # 36
    "tests/browser/test_dotter_dashboard.py",  # 33
    "tests/browser/test_dashboards.py",  # 31
    "tests/browser/test_navigator_class.py",  # 31
    "tests/browser/test_permutations_dashboard.py",  # 30
    "tests/browser/test_homework_browser.py",  # 27
    "tests/browser/test_teacher_homework.py",  # 27
    "tests/browser/test_welcome.py",  # 24
    "tests/browser/test_sum15_dashboard.py",  # 19
    "tests/test_homework.py",  # 18
    "tests/test_progress_homework.py",  # 18
    "tests/browser/test_hub_security.py",  # 10
    "tests/browser/test_dotter_lesson.py",  # 8
    "tests/browser/test_sum15_lesson.py",  # 7
    "tests/browser/test_permutations_lesson.py",  # 7
    "tests/browser/test_lesson_length_setting.py",  # 5
    # the unit tests, the same way
    "tests/test_sequences.py",  # 37
    "tests/test_permutations.py",  # 27
    "tests/test_navigator_harness.py",  # 22
    "tests/test_rooms.py",  # 15
)
"""The test files that take longest, longest first (measured): they are collected first."""
