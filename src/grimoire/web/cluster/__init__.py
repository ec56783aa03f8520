"""Several server processes on one PostgreSQL database (docs/deploy.md).

The database is the authority for every table; a process holds tables in memory only as a
cache, checked against ``games.revision`` (one more with every committed change) before it
answers:

- ``locks``: every change of a table runs under the table's lock, which on PostgreSQL is also a
  transaction-level advisory lock: one process at a time changes a table, after reading it again
  if another process changed it since (the write itself stays version-checked);
- ``single``: SQLite serves one process: a second server on the same file is refused at start;
- ``notify`` (PostgreSQL LISTEN/NOTIFY): a change committed by one process reaches the others,
  which read the table again and push each of their listeners its own seat's payload.
"""
