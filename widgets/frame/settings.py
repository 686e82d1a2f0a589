"""The settings panel, generated from a game's options dataclass.

Every option is declared in the engine with its label, one line of help, its choices
(each with a sentence of its rule) and its bounds (:func:`cardmath.game.option`), so a
new option appears here, in plain words, with no widget code. Yes/no options become
checkboxes, named choices radio buttons (each choice with its sentence), a tuple of
choices (variants) one checkbox per choice, except that a group of choices the engine
declares exclusive is one labelled choice with "none"; whole numbers number boxes within
their bounds. The engine still has the last word: :meth:`OptionsPanel.values` is checked
by the game on *Apply*.

>>> from cardmath.games.permutations import PermutationsOptions
>>> panel = OptionsPanel(PermutationsOptions, hidden=("players",))
>>> "target" in panel.inputs
True
>>> panel.values["target"]
100
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.game import OptionInfo, option_info

__all__ = ["OptionsPanel"]


def _optional(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    return origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(annotation)


def _literal_choices(annotation: Any) -> tuple[Any, ...] | None:
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _literal_choices(arg)
            if found:
                return found
    return None


_LABEL_STYLE = {"description_width": "initial"}
"""An input's label as wide as its words (never cut)."""


def _sentence(title: str, rule: str) -> str:
    """A choice as the panel lists it: its name, then its rule in a sentence.

    >>> _sentence("Forced Precog", "Play with the tarot deck.")
    'Forced Precog: play with the tarot deck.'
    """
    if not rule:
        return title
    return f"{title}: {rule[:1].lower()}{rule[1:]}"


class _Option(w.VBox):
    """One option: its label, its input, its help (and the chosen value's rule)."""

    def __init__(self, info: OptionInfo, annotation: Any, value: Any) -> None:
        self.info = info
        self.kind = "text"
        self.rule = w.HTML()
        self.rule.add_class("cm-option-rule")
        choices = dict(info.choices or {})
        if not choices:
            literal = _literal_choices(annotation)
            if literal:
                choices = {choice: str(choice) for choice in literal}
        label = f'<span class="cm-option-label">{escape(info.label)}</span>'
        rows: list[w.Widget] = []
        if isinstance(info.default, tuple) or isinstance(value, tuple):
            self.kind = "several"
            chosen = set(value or ())
            sentences = info.choice_help or {}
            rows.append(w.HTML(label))
            self.groups: dict[str, w.RadioButtons] = {}
            grouped = {item for members in (info.exclusive or {}).values() for item in members}
            for group, members in (info.exclusive or {}).items():
                pairs = [("None", None)] + [
                    (_sentence(str(choices.get(item, item)), sentences.get(item, "")), item)
                    for item in members
                    if item in choices
                ]
                picked = next((item for item in members if item in chosen), None)
                radio = w.RadioButtons(options=pairs, value=picked)
                radio.add_class("cm-option-group")
                self.groups[group] = radio
                heading = (
                    f'<span class="cm-option-group-label">{escape(group)} (one or none)</span>'
                )
                rows += [w.HTML(heading), radio]
            self.boxes = {
                choice: w.Checkbox(value=choice in chosen, description=str(text), indent=False)
                for choice, text in choices.items()
                if choice not in grouped
            }
            for choice, box in self.boxes.items():
                box.add_class("cm-option-choice")
                sentence = sentences.get(choice, "")
                note = w.HTML(f'<span class="cm-option-help">{escape(sentence)}</span>')
                rows.append(w.VBox([box, note]))
            self.input: w.Widget = w.VBox()
        elif isinstance(info.default, bool) or annotation is bool:
            self.kind = "yes/no"
            self.input = w.Checkbox(value=bool(value), description=info.label, indent=False)
            rows.append(self.input)
        elif choices:
            self.kind = "choice"
            pairs = [(str(text), choice) for choice, text in choices.items()]
            if _optional(annotation) and None not in choices:
                pairs.insert(0, ("none", None))
            self.input = w.RadioButtons(options=pairs, value=value if value in choices else None)
            self.input.observe(lambda _change: self._show_rule(), "value")
            rows += [w.HTML(label), self.input, self.rule]
        elif _optional(annotation):
            self.kind = "optional number"
            self.input = w.Text(
                value="" if value is None else str(value),
                placeholder="none",
                description=info.label,
                style=_LABEL_STYLE,
            )
            rows.append(self.input)
        elif isinstance(info.default, int):
            self.kind = "number"
            low = info.minimum if info.minimum is not None else -(10**9)
            high = info.maximum if info.maximum is not None else 10**9
            self.input = w.BoundedIntText(
                value=value, min=low, max=high, description=info.label, style=_LABEL_STYLE
            )
            self.input.add_class("cm-option-number")
            rows.append(self.input)
        else:
            self.input = w.Text(
                value="" if value is None else str(value),
                description=info.label,
                style=_LABEL_STYLE,
            )
            rows.append(self.input)
        help_text = info.help
        if self.kind == "number" and (info.minimum is not None or info.maximum is not None):
            help_text += f" ({info.minimum if info.minimum is not None else ''}"
            help_text += f"–{info.maximum if info.maximum is not None else ''})"
        rows.append(w.HTML(f'<span class="cm-option-help">{escape(help_text)}</span>'))
        super().__init__(rows)
        self.add_class("cm-option")
        self.add_class(f"cm-option-{info.name.replace('_', '-')}")
        self._show_rule()

    def _show_rule(self) -> None:
        if self.kind != "choice":
            return
        sentence = (self.info.choice_help or {}).get(self.input.value, "")
        self.rule.value = (
            f'<span class="cm-option-help">{escape(sentence)}</span>' if sentence else ""
        )

    @property
    def value(self) -> Any:
        if self.kind == "several":
            picked = {radio.value for radio in self.groups.values() if radio.value is not None}
            picked |= {choice for choice, box in self.boxes.items() if box.value}
            order = list((self.info.choices or {}) or picked)
            return tuple(choice for choice in order if choice in picked)
        value = self.input.value
        if self.kind == "optional number":
            text = str(value).strip()
            return int(text) if text.lstrip("-").isdigit() and len(text) < 12 else (text or None)
        return value


class OptionsPanel(w.VBox):
    """One input per option of a game's options dataclass (the settings panel).

    ``values`` are the options to show (the defaults otherwise); ``hidden`` options are
    left out. :attr:`values` reads the panel back as keyword arguments for the game.
    """

    def __init__(
        self,
        options_class: type,
        *,
        values: Mapping[str, Any] | None = None,
        hidden: Sequence[str] = (),
    ) -> None:
        hints = typing.get_type_hints(options_class)
        values = dict(values or {})
        self.inputs: dict[str, _Option] = {}
        for info in option_info(options_class):
            if info.name in hidden:
                continue
            value = values.get(info.name, info.default)
            self.inputs[info.name] = _Option(info, hints.get(info.name, type(value)), value)
        super().__init__(list(self.inputs.values()))
        self.add_class("cm-settings")

    @property
    def values(self) -> dict[str, Any]:
        """The chosen options as keyword arguments for the game."""
        return {name: row.value for name, row in self.inputs.items()}
