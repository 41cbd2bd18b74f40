"""An HTML mail body as plain order lines: no markdown, the quoted parts of replies dropped."""

from __future__ import annotations

import re

import html2text

_HEADING = re.compile(r"h[1-6]")
_QUOTE_CLASSES = frozenset({"gmail_quote", "moz-cite-prefix", "yahoo_quoted"})


class PlainHTML(html2text.HTML2Text):
    """html2text giving plain lines (no markdown) and dropping the quoted parts of replies."""

    def __init__(self) -> None:
        super().__init__(bodywidth=0)
        # Entities keep their characters ("K&ouml;ln" is "Köln", not html2text's "Koln");
        # the non-breaking space it then gives is a space again in cleaning.normalise.
        self.unicode_snob = True
        self.ignore_links = True
        self.ignore_images = True
        self.ignore_emphasis = True
        self.ignore_tables = True
        self.single_line_break = True
        self.backquote_code_style = True  # no four-space indent in <pre>, see handle_tag
        self.dropped = 0
        self.cut_at: str | None = None
        self._skip_tag = ""
        self._skip_depth = 0
        self._stopped = False

    def handle_data(self, data: str, entity_char: bool = False) -> None:
        # entity_char=True switches off the markdown escaping ("1\.", "\-")
        super().handle_data(data, entity_char=True)

    def handle_tag(self, tag: str, attrs: dict[str, str | None], start: bool) -> None:
        if self._stopped or self._skipping(tag, start):
            return
        if start and attrs.get("id") == "divRplyFwdMsg":
            # Outlook: the original message follows, up to the end
            self._stopped = True
            self.quiet += 1
            self.cut_at = "original-message"
        elif start and _is_quote(tag, attrs):
            self._skip_tag, self._skip_depth = tag, 1
            self.quiet += 1
            self.dropped += 1
            self.cut_at = self.cut_at or ("quote-header" if tag != "blockquote" else None)
        elif tag in ("pre", "hr", "td", "th") or _HEADING.fullmatch(tag):
            self._plain_block(tag, start)
        else:
            super().handle_tag(tag, attrs, start)

    def _skipping(self, tag: str, start: bool) -> bool:
        if not self._skip_depth:
            return False
        if tag == self._skip_tag:
            self._skip_depth += 1 if start else -1
            if not self._skip_depth:
                self.quiet -= 1
        return True

    def _plain_block(self, tag: str, start: bool) -> None:
        """Headings, rules and <pre> as plain lines; table cells apart by a space."""
        if tag in ("td", "th"):
            if not start:
                self.o(" ")
            return
        self.p()
        if tag == "pre":
            self.pre = start


def _is_quote(tag: str, attrs: dict[str, str | None]) -> bool:
    classes = set((attrs.get("class") or "").split())
    return tag == "blockquote" or bool(classes & _QUOTE_CLASSES) or attrs.get("name") == "quote"
