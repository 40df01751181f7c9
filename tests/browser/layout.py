"""What a page looks like on a phone, measured in the browser: how wide it is against the
screen, whether a table is cut, and the size and spacing of every tap target (WCAG 2.2,
2.5.8 Target Size (Minimum): a target at least 24 by 24 CSS px, or one so spaced that a
circle of 24 px across centred on it meets no other target nor the circle of another small
one)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

TARGET = 24
"""The smallest tap target, CSS px (WCAG 2.2, 2.5.8)."""

_MEASURE = r"""(target) => {
  const describe = (e) => {
    const text = (e.getAttribute("aria-label") || e.textContent || e.value || "")
      .replace(/\s+/g, " ")
      .trim();
    return `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""} "${text.slice(0, 40)}"`;
  };
  const width = document.documentElement.clientWidth;
  const cut = [];
  for (const table of document.querySelectorAll("table")) {
    const rect = table.getBoundingClientRect();
    if (rect.width === 0) continue;  // in a closed <details>: not shown
    let scroller = null;
    for (let e = table.parentElement; e && e !== document.body; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowX;
      if (overflow === "hidden" || overflow === "clip") {
        if (e.scrollWidth > e.clientWidth) cut.push(`${describe(table)}: cut by ${describe(e)}`);
      } else if (overflow === "auto" || overflow === "scroll") {
        scroller = scroller || e;
      }
    }
    const shown = scroller ? scroller.getBoundingClientRect() : rect;
    if (shown.left < -0.5 || shown.right > width + 0.5) {
      cut.push(`${describe(table)}: ${Math.round(shown.left)}..${Math.round(shown.right)} px`);
    }
    for (const cell of table.querySelectorAll("th, td")) {
      if (cell.scrollWidth > cell.clientWidth + 1) {
        cut.push(`${describe(table)}: a cell's content spills out: ${describe(cell)}`);
      }
    }
  }
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  const targets = [];
  for (const e of document.querySelectorAll(selector)) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      targets.push({ e, r, x: r.x + r.width / 2, y: r.y + r.height / 2 });
    }
  }
  const small = targets.filter((t) => t.r.width < target || t.r.height < target);
  const radius = target / 2;
  const meets = (t, o) => {
    const dx = t.x - Math.max(o.r.left, Math.min(t.x, o.r.right));
    const dy = t.y - Math.max(o.r.top, Math.min(t.y, o.r.bottom));
    return Math.hypot(dx, dy) < radius;
  };
  const crowded = [];
  for (const t of small) {
    const near = targets.find(
      (o) => o !== t && !o.e.contains(t.e) && !t.e.contains(o.e) &&
        (meets(t, o) || (small.includes(o) && Math.hypot(t.x - o.x, t.y - o.y) < target))
    );
    const size = `${t.r.width.toFixed(1)}x${t.r.height.toFixed(1)} px`;
    if (near) crowded.push(`${describe(t.e)} ${size}, next to ${describe(near.e)}`);
  }
  let smallest = null;
  for (const t of targets) {
    const side = Math.min(t.r.width, t.r.height);
    if (!smallest || side < smallest.side) smallest = { side, what: describe(t.e) };
  }
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    clientWidth: width,
    innerWidth: window.innerWidth,
    cut,
    targets: targets.length,
    crowded,
    smallest: smallest ? [smallest.side, smallest.what] : [Infinity, "none"],
  };
}"""


@dataclass(frozen=True)
class Layout:
    """One page as the browser laid it out."""

    scroll_width: int
    """``document.scrollingElement.scrollWidth``: how wide the page is, CSS px."""
    client_width: int
    """The layout viewport's width (the screen's, on a phone)."""
    inner_width: int
    """``window.innerWidth``; on a phone it grows with a page wider than the screen."""
    cut: tuple[str, ...]
    """Tables cut off: beyond the screen and not in a box of their own that scrolls, in a box
    that hides what overflows, or with a cell whose content spills out."""
    targets: int
    """How many tap targets (links, buttons, fields, summaries) are shown."""
    crowded: tuple[str, ...]
    """Targets under 24x24 px and too close to another."""
    smallest: tuple[float, str]
    """The smallest side of any target, and which."""


def measure(page: Page) -> Layout:
    found: dict[str, Any] = page.evaluate(_MEASURE, TARGET)
    side, what = found["smallest"]
    return Layout(
        scroll_width=int(found["scrollWidth"]),
        client_width=int(found["clientWidth"]),
        inner_width=int(found["innerWidth"]),
        cut=tuple(found["cut"]),
        targets=int(found["targets"]),
        crowded=tuple(found["crowded"]),
        smallest=(float(side), str(what)),
    )
