"""Static files as the phones get them: scripts and styles minified, then hashed and compressed.

Minifying keeps the session page's first load small (SPEC 9: under 40 KB gzipped): the sources
keep their comments for the people who read them, the phones get neither comments nor indentation.
Both minifiers are conservative (strings, template literals and regular expressions are kept as
written) and idempotent, so the manifest storage saving a hashed copy minifies it again harmlessly.
"""

from pathlib import PurePath

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def _save(self, name, content):
        minify = MINIFIERS.get(PurePath(name).suffix)
        if minify is not None:
            source = b"".join(content.chunks()).decode()  # chunks() starts from the top
            content = ContentFile(minify(source).encode())
        return super()._save(name, content)
