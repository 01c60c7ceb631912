"""Live tables: people (and bots) at one table over a network, transport-free.

- :mod:`~fanshu.tables.table`: a :class:`~fanshu.tables.table.Table` plays a series of
  hands (the rule set's seat rotation and dealer rules) for people by seat and bots,
  and tells each seat and each watcher what it may see;
- :mod:`~fanshu.tables.view`: the JSON of a seat's (or a watcher's) view of a hand, the
  games API's too;
- :mod:`~fanshu.tables.timers`: the decision timer and what is played when it runs out;
- :mod:`~fanshu.tables.hub`: who listens to which table, and the wake-up after each change;
- :mod:`~fanshu.tables.service`: the tables of one server: tokens, the store, the hub.

The HTTP and WebSocket doors are :mod:`fanshu.web.api.tables`; the protocol is
docs/tables.md.
"""
