"""fanshu's version, in one place.

``pyproject.toml`` reads it for the distribution's metadata (``[tool.setuptools.dynamic]``)
and ``fanshu.__version__`` is this value, so a wheel, ``pip show fanshu`` and the library
can never disagree.  Nothing is imported here: setuptools reads the assignment without
running fanshu.

>>> from fanshu._version import __version__
>>> __version__.count(".")
2
"""

__version__ = "0.1.0"
