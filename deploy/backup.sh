#!/bin/sh
# Back up the pbem database while the service keeps running.
#
#   backup.sh [-c CONFIG | -u DATABASE_URL] DEST
#
# SQLite: an online copy with SQLite's backup API (`sqlite3 .backup`, or Python's
#   sqlite3 module where the sqlite3 shell is missing), checked with PRAGMA integrity_check.
# PostgreSQL: pg_dump in its custom format (-Fc), checked by listing it with pg_restore.
# The database URL comes from -u, else from PBEM_DATABASE_URL, else from the config file
# (read by pbem's own settings loader: set PBEM_PYTHON to the Python of the pbem install,
# e.g. /opt/pbem/bin/python). DEST must not exist. Exit status 0 only for a checked backup.
# The backup is readable by its owner only (0600: it holds the host's secrets).
set -eu
. "$(dirname "$0")/common.sh"

umask 077

usage() { echo "usage: $0 [-c CONFIG | -u DATABASE_URL] DEST" >&2; exit 2; }

while getopts c:u:h opt; do
    config_option "$opt" "${OPTARG:-}" || usage
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
DEST=$1
if [ -e "$DEST" ]; then die "$DEST exists; refusing to overwrite a backup"; fi

read_url

case $URL in
    sqlite:///*)
        sqlite_db
        [ -f "$DB" ] || die "no SQLite database at $DB"
        TMP="$DEST.partial"
        rm -f "$TMP"
        if command -v sqlite3 >/dev/null 2>&1; then
            # .timeout: wait for a writer instead of failing while the service commits.
            sqlite3 "$DB" ".timeout 30000" ".backup '$TMP'"
        else
            "$PY" - "$DB" "$TMP" <<'PYEOF'
import sqlite3, sys
src = sqlite3.connect(sys.argv[1], timeout=30)
dst = sqlite3.connect(sys.argv[2])
with dst:
    src.backup(dst)
dst.close()
src.close()
PYEOF
        fi
        CHECK=$(integrity "$TMP")
        [ "$CHECK" = ok ] || { rm -f "$TMP"; die "integrity check of the copy failed: $CHECK"; }
        mv "$TMP" "$DEST"
        ;;
    postgresql*://* | postgres://*)
        PGURL=$(libpq_url)
        pg_passfile
        TMP="$DEST.partial"
        rm -f "$TMP"
        pg_dump --format=custom --no-owner --no-privileges --file="$TMP" --dbname="$PGURL" \
            || { rm -f "$TMP"; die "pg_dump failed"; }
        pg_restore --list "$TMP" >/dev/null || { rm -f "$TMP"; die "pg_restore cannot read the dump"; }
        mv "$TMP" "$DEST"
        ;;
    *)
        die "unsupported database URL: $URL"
        ;;
esac
echo "backup of $(shown_url) written to $DEST"
