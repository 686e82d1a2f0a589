"""Printers: minimal brackets, LaTeX in the student's order, sympy, SVG trees, steps."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardmath.expr import BinOp, Expr, Num, evaluate, parse
from cardmath.printing import steps, to_latex, to_svg, to_sympy, to_text


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("(11-7)*8", "(11 − 7) × 8"),
        ("11-(7*8)", "11 − 7 × 8"),
        ("(1+2)+3", "1 + 2 + 3"),
        ("1+(2+3)", "1 + (2 + 3)"),
        ("1-(2-3)", "1 − (2 − 3)"),
        ("1-(2+3)", "1 − (2 + 3)"),
        ("(1-2)-3", "1 − 2 − 3"),
        ("8/(4/2)", "8 ÷ (4 ÷ 2)"),
        ("(8/4)/2", "8 ÷ 4 ÷ 2"),
        ("8/(4*2)", "8 ÷ (4 × 2)"),
        ("2^(3^2)", "2 ^ 3 ^ 2"),
        ("(2^3)^2", "(2 ^ 3) ^ 2"),
        ("(2*3)^2", "(2 × 3) ^ 2"),
        ("2^(1+2)", "2 ^ (1 + 2)"),
        ("2*3^2", "2 × 3 ^ 2"),
        ("((((7))))", "7"),
    ],
)
def test_minimal_brackets(text: str, printed: str) -> None:
    assert to_text(parse(text)) == printed
    assert str(parse(text)) == printed


def test_ascii_and_labels() -> None:
    tree = parse("(J - 7) * A", cards={"J": 11, "A": 1})
    assert to_text(tree, ascii=True) == "(11 - 7) * 1"
    assert to_text(tree, labels=True) == "(J − 7) × A"


def test_latex_keeps_the_students_order() -> None:
    assert to_latex(parse("(11-7)*8")) == r"\left(11 - 7\right) \times 8"
    assert to_latex(parse("8 * (11 - 7)")) == r"8 \times \left(11 - 7\right)"
    assert to_latex(parse("12 / 4")) == r"12 \div 4"
    assert to_latex(parse("2 ^ (3 + 1)")) == "2^{3 + 1}"
    assert to_latex(parse("(2 ^ 3) ^ 2")) == r"\left(2^{3}\right)^{2}"
    assert to_latex(parse("2 ^ 3 ^ 2")) == "2^{3^{2}}"
    assert to_latex(parse("(1 + 2) ^ 2")) == r"\left(1 + 2\right)^{2}"
    assert to_latex(parse("J - 1", cards={"J": 11}), labels=True) == r"\mathrm{J} - 1"
    assert parse("3 + 4")._repr_latex_() == "$3 + 4$"


def test_sympy_keeps_order_structure_and_value() -> None:
    import sympy

    expression = to_sympy(parse("(11-7)*8"))
    latex = sympy.latex(expression, order="none", mul_symbol="times")
    assert latex == r"\left(11 - 7\right) \times 8"
    assert latex.index("11") < latex.index("7")
    assert expression.doit() == 32
    for text in ["7 - 8 - 11", "12 / (4 / 2)", "2 ^ 3 ^ 2", "(2 ^ 3) ^ 2", "11 - 7 * 8"]:
        assert to_sympy(parse(text)).doit() == evaluate(parse(text))
    subtraction = sympy.latex(to_sympy(parse("11 - 7")), order="none")
    assert subtraction == "11 - 7"


def test_importing_expr_does_not_import_sympy_or_matplotlib() -> None:
    code = (
        "import sys, cardmath.expr, cardmath.printing, cardmath.solver;"
        "from cardmath.expr import parse; str(parse('1+2')); parse('1+2')._repr_svg_();"
        "print('sympy' in sys.modules, 'matplotlib' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_svg_tree_diagram() -> None:
    svg = to_svg(parse("(J - 7) * 8", cards={"J": 11}))
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    namespace = {"svg": "http://www.w3.org/2000/svg"}
    assert len(root.findall(".//svg:circle", namespace)) == 5
    texts = [node.text for node in root.findall(".//svg:text", namespace)]
    assert {"×", "−", "J", "7", "8", "4", "32"} <= set(texts)
    plain = to_svg(parse("(J - 7) * 8", cards={"J": 11}), show_values=False, labels=False)
    plain_texts = [node.text for node in ElementTree.fromstring(plain).iter() if node.text]
    assert "32" not in plain_texts and "11" in plain_texts
    assert parse("2 + 3")._repr_svg_().startswith("<svg")


def test_svg_marks_an_illegal_step() -> None:
    svg = to_svg(parse("(2 + 15) / 5"))
    assert "17 ÷ 5 is not a whole number" in svg
    assert ">?<" in svg
    ElementTree.fromstring(svg)


def test_svg_survives_huge_values() -> None:
    svg = to_svg(parse("9 ^ 9 ^ 2 * 7"))
    assert "digits" in svg
    ElementTree.fromstring(svg)


def test_steps() -> None:
    assert steps(parse("(11 - 7) * 8"), target=31) == "11 − 7 = 4; 4 × 8 = 32; 1 away from 31"
    assert steps(parse("6 * 5 + 12"), 44) == "6 × 5 = 30; 30 + 12 = 42; 2 away from 44"
    assert steps(parse("4 * 8"), 32) == "4 × 8 = 32; exactly 32"
    assert steps(parse("7 - 8")) == "7 − 8 = -1"
    assert steps(Num(5), 7) == "5; 2 away from 7"
    assert steps(parse("5 / 0")) == "cannot divide by 0"
    assert steps(parse("2 ^ (1 - 2)")) == "1 − 2 = -1; 2 ^ -1 is not a whole number"
    huge = steps(parse("9 ^ 9 ^ 2"))
    assert "digits" in huge and "9 ^ 81" in huge


def trees() -> st.SearchStrategy[Expr]:
    leaf = st.builds(Num, st.integers(min_value=0, max_value=999))
    return st.recursive(
        leaf,
        lambda children: st.builds(BinOp, st.sampled_from("+-*/^"), children, children),
        max_leaves=8,
    )


@settings(max_examples=300, deadline=None)
@given(trees())
def test_every_printer_handles_any_tree(tree: Expr) -> None:
    assert parse(to_text(tree)) == tree
    latex = to_latex(tree)
    assert latex.count("{") == latex.count("}")
    assert latex.count(r"\left(") == latex.count(r"\right)")
    ElementTree.fromstring(to_svg(tree))
    assert isinstance(steps(tree, target=10), str)
