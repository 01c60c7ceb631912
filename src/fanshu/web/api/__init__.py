"""The ``/v1`` resources, one module each: ``score``, ``analyze``, ``rules``, ``settle``,
``matches``, ``tournaments``, ``games``, ``replays``; ``common``, ``db`` hold what they share."""
