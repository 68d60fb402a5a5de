"""Player-visible text: YAML catalogs, languages, plural forms, French elision, notices."""
