"""Homework views: the student's page, the teacher's results and the form that sets one."""
