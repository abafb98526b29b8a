"""The translation tooling: gettext catalogs of the games' words, made with Babel.

The English templates in ``engines/<game>/words.py`` are the source. ``python -m i18n``:

* ``extract``: writes ``locale/<game>.pot`` for every game with registered words (one entry per
  message id, its context the id, its msgid the English template; one per entry of a
  translatable name table, context ``<game>.names.<table>.<key>``);
* ``update``: brings every ``locale/<lang>/LC_MESSAGES/<game>.po`` up to date with the
  templates (new entries come in untranslated, an entry whose English changed keeps its old
  translation marked fuzzy with the old English as ``#| msgid``, gone entries are dropped);
* ``init <lang>``: starts the catalogs of a new language;
* ``check``: lists what is missing, fuzzy, or has other placeholders than the English; exits 1
  if anything is;
* ``move <from> <prefix> <to> <new prefix>``: moves entries (their translations with them) from
  one catalog to another in every language, renaming their context's prefix: words that
  change home (a game's words out of a shared catalog) keep their translations; then
  ``extract`` and ``update``.

The runtime side (reading the ``.po`` files, no compiling step) is ``engines.translations``;
this package is tooling only and nothing in ``engines`` imports it.
"""
