"""Static files as the phones get them: scripts and styles made smaller, then hashed and compressed.

Smaller keeps the session page's first load small (SPEC 9: under 40 KB gzipped): the sources keep
their comments for the people who read them, the phones get neither comments nor indentation.
Styles go through rcssmin. Scripts lose only what cannot carry meaning: indentation, blank lines
and whole-line `//` comments; every line of code stays as written. (rjsmin, tried first, rewrote
the text inside a template literal nested in another: "7 rounds · finished" became "7 rounds·
finished".) Both are idempotent, so the manifest storage saving a hashed copy does it again
harmlessly.
"""

from pathlib import PurePath

import rcssmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage


def stripped_script(source: str) -> str:
    """The script without indentation, blank lines and whole-line comments. One with a string or
    template literal running across lines (a line with an odd number of backticks, or ending in
    a backslash) is kept as it is: there, indentation is text."""
    lines = source.split("\n")
    if any(line.count("`") % 2 or line.endswith("\\") for line in lines):
        return source
    kept = (line.strip() for line in lines)
    return "".join(f"{line}\n" for line in kept if line and not line.startswith("//"))


MINIFIERS = {".js": stripped_script, ".css": rcssmin.cssmin}


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def _save(self, name, content):
        minify = MINIFIERS.get(PurePath(name).suffix)
        if minify is not None:
            source = b"".join(content.chunks()).decode()  # chunks() starts from the top
            content = ContentFile(minify(source).encode())
        return super()._save(name, content)
