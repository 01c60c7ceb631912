"""The wire format: the JSON requests and results that every front end speaks.

One module per concept, each saying what its objects look like:

- :mod:`~fanshu.protocol.errors`: the error object and its codes (``bad_json``,
  ``bad_field``, ``not_a_win``, ``internal_error`` and those of ``FanshuError``);
- :mod:`~fanshu.protocol.score`: the score request, its result and the display answer;
- :mod:`~fanshu.protocol.analyze`: the analyze request and result;
- :mod:`~fanshu.protocol.settle`: the settle request and its payments;
- :mod:`~fanshu.protocol.lines`: JSON Lines, one input line to one output line.

The command line (``fanshu score --batch``, ``fanshu analyze``), the HTTP service
(``POST /v1/score``, ``/v1/analyze``, ``/v1/settle``) and the batch runner all read and
write these objects through this package, so a hand gets the same answer, and a bad
request the same code and message, whichever way it comes in.  It sits above the rules
and the analysis and below everything that serves them: no typer, rich, FastAPI or
pydantic here, and nothing from the engine, the store, batch, cli or web.
"""
