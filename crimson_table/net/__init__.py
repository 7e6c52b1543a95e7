"""Online tables: the wire protocol, the authoritative server, its store, and the client.

The layer sits between ``ui`` and ``play``: it imports ``play``, ``ai`` and ``engine``, never
pygame or ``ui`` (import-linter).  See :mod:`.protocol` for the messages, :mod:`.server` for
the authority, :mod:`.store` for persistence and :mod:`.client` for ``RemoteMatch``.
"""
