"""Files on disk: nothing a player has is lost to a crash, a full disk or a damaged file.

``paths`` (where), ``safe_file`` (atomic writes, set-aside and migration on read), ``settings``,
``matches`` (the saved matches' names, gathered from ``match_file``, ``match_upgrades``,
``replay_pass``, ``unfinished``, ``autosaver`` and ``filing``), ``stats`` and ``log`` (log file,
crash handler).
"""
