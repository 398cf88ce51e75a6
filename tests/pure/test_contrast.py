"""The dark theme's text colours against its backgrounds meet WCAG AA (4.5:1 for normal text)."""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "app.css").read_text()
COLOURS = dict(re.findall(r"--([a-z0-9-]+):\s*(#[0-9a-f]{6});", CSS.split("}", 1)[0]))
BACKGROUNDS = ["bg", "surface", "surface-2"]
TEXTS = ["text", "muted", "p0", "p1", "p2", "p3", "danger", "ok", "accent"]
AA = 4.5


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    light, dark = sorted([luminance(first), luminance(second)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("background", BACKGROUNDS)
@pytest.mark.parametrize("text", TEXTS)
def test_text_colour_meets_aa_on_every_background(text, background):
    assert contrast(COLOURS[text], COLOURS[background]) >= AA


def test_the_primary_button_label_meets_aa():
    assert contrast(COLOURS["accent-text"], COLOURS["accent"]) >= AA


def test_the_palette_was_read():
    assert set(BACKGROUNDS + TEXTS) <= set(COLOURS)
