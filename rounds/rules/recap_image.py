"""The recap's lines (rounds/web/recap.py) drawn as a PNG with Pillow: 1080 px wide, as tall as the
lines need, in the app's dark colours. No Django here.

Chinese needs a font that has it: Noto Sans CJK from Debian's fonts-noto-cjk (`make fonts`,
which `make run` and `make test` call), in its Simplified Chinese face for a zh-Hans picture and
its Traditional one otherwise. Without it the picture is drawn with DejaVu Sans, then with
Pillow's own font: Latin text stays readable, Chinese shows as boxes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from rounds.rules.recap_lines import Line

WIDTH: Final = 1080
MARGIN: Final = 64
# Noto Sans CJK's collection holds a face per region (0 JP, 1 KR, 2 SC, 3 TC, 4 HK), each with
# every Chinese character in its region's forms and Noto Sans's Latin letters: a picture takes the
# face of its script, "Hans" (Simplified: SC) or "Hant" (Traditional, and English pages: TC).
CJK_FACES: Final = {"Hans": 2, "Hant": 3}
# (path, face index, or the faces by script); the others are the fallbacks the docstring names.
REGULAR_FONTS: Final = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", CJK_FACES),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0),
)
BOLD_FONTS: Final = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", CJK_FACES),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 0),
    *REGULAR_FONTS,
)
BACKGROUND: Final = "#101418"
SURFACE: Final = "#1a2027"
TEXT: Final = "#eef2f6"
MUTED: Final = "#aab5c1"
RULE: Final = "#35404c"
PLAYER_COLOURS: Final = ("#6cb8ff", "#ffa36c", "#7fdc8f", "#e3a6ff")  # the page's --p0..--p3 (app.css)
# Per kind of line: font size, bold, colour, space above, line height.
STYLES: Final = {
    "title": (60, True, TEXT, 0, 80),
    "subtitle": (34, False, MUTED, 0, 56),
    "heading": (38, True, MUTED, 36, 60),
    "row": (42, False, TEXT, 0, 64),
    "note": (34, False, TEXT, 0, 52),
}


@cache
def font(size: int, bold: bool, script: str = "Hant") -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path, face in BOLD_FONTS if bold else REGULAR_FONTS:
        if Path(path).exists():
            return ImageFont.truetype(path, size, index=face[script] if isinstance(face, dict) else face)
    return ImageFont.load_default(size)


def font_name(script: str = "Hant") -> str:
    """Which font the pictures of a script are drawn with (for the docs and the tests)."""
    found = font(42, False, script)
    return " ".join(found.getname()) if isinstance(found, ImageFont.FreeTypeFont) else "Pillow default"


def fitted(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.ImageFont, width: float) -> str:
    """`text` cut with an ellipsis to `width` pixels: a long name never runs into the figures."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def wrapped(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.ImageFont, width: float) -> list[str]:
    """A note in lines of at most `width` pixels, broken at spaces (or anywhere, for Chinese)."""
    lines: list[str] = []
    current = ""
    for char in text:
        if draw.textlength(current + char, font=face) > width and current:
            cut = current.rfind(" ")
            if cut > 0 and char != " ":
                lines.append(current[:cut])
                current = current[cut + 1 :]
            else:
                lines.append(current.rstrip())
                current = ""
        current += char
    return [*lines, current.strip()] if current.strip() else lines


def recap_png(lines: Sequence[Line], script: str = "Hant") -> bytes:
    """The lines drawn top to bottom; a row's value right-aligned, a player's name in their colour;
    Chinese in the forms of `script` ("Hans" or "Hant")."""
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    inner = WIDTH - 2 * MARGIN
    placed: list[tuple[Line, list[str], int]] = []
    height = MARGIN
    for line in lines:
        size, bold, _colour, above, step = STYLES[line.kind]
        face = font(size, bold, script)
        texts = wrapped(scratch, line.text, face, inner) if line.kind == "note" else [line.text]
        height += above
        placed.append((line, texts, height))
        height += step * len(texts)
    height += MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((24, 24, WIDTH - 24, height - 24), radius=28, fill=SURFACE, outline=RULE, width=2)
    for line, texts, top in placed:
        size, bold, colour, _above, step = STYLES[line.kind]
        face = font(size, bold, script)
        if line.kind == "heading":
            draw.line((MARGIN, top - 12, WIDTH - MARGIN, top - 12), fill=RULE, width=2)
        value_width = draw.textlength(line.value, font=face) if line.value else 0
        for number, text in enumerate(texts):
            y = top + step * number
            shown = colour if line.colour is None else PLAYER_COLOURS[line.colour % len(PLAYER_COLOURS)]
            room = inner - value_width - (32 if value_width else 0)
            draw.text((MARGIN, y), fitted(draw, text, face, room), font=face, fill=shown)
        if line.value:
            draw.text((WIDTH - MARGIN - value_width, top), line.value, font=face, fill=TEXT)
    out = io.BytesIO()
    image.save(out, format="PNG")  # optimize=True: 4x the time for 3% fewer bytes
    return out.getvalue()
