"""The manifest's maskable icon (issue 22, item 19): a launcher may cut an icon of
purpose "maskable" to a circle, a squircle or a rounded square, keeping only the middle
circle of 80% of its width. The drawing must lie inside that circle, and the icon's
background must fill the rest to its edges (scripts/make_icons.py draws it)."""

from __future__ import annotations

import io
import json
import math

from PIL import Image

BACKGROUND = (0x0A, 0x53, 0xA8)


def near(pixel, colour, by: int = 12) -> bool:
    return all(abs(a - b) <= by for a, b in zip(pixel[:3], colour, strict=True))


def test_the_manifest_has_a_maskable_icon_with_its_drawing_in_the_safe_zone(client):
    manifest = json.loads(client.get("/static/manifest.webmanifest").data)
    maskable = [icon for icon in manifest["icons"] if icon.get("purpose") == "maskable"]
    assert len(maskable) == 1
    icon = maskable[0]
    assert (icon["type"], icon["sizes"]) == ("image/png", "512x512")
    image = Image.open(io.BytesIO(client.get(f"/static/{icon['src']}").data)).convert("RGB")
    assert image.size == (512, 512)
    middle, radius = 256, 0.4 * 512
    outside = drawn = 0
    for y in range(0, 512, 4):
        for x in range(0, 512, 4):
            pixel = image.getpixel((x, y))
            if math.hypot(x - middle, y - middle) > radius:
                outside += 1
                assert near(pixel, BACKGROUND), f"({x}, {y}) outside the safe zone is {pixel}"
            elif not near(pixel, BACKGROUND):
                drawn += 1
    assert outside and drawn > 1000  # the drawing is there, inside the circle
