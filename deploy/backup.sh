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
umask 077

usage() { echo "usage: $0 [-c CONFIG | -u DATABASE_URL] DEST" >&2; exit 2; }
die() { echo "backup: $*" >&2; exit 1; }
# The PostgreSQL password never goes on a command line (ps shows those to every local
# user): pg_passfile moves it out of PGURL into a pgpass file only we can read, for the
# client tools (PGPASSFILE), removed at exit.
pg_passfile() {
    PASSFILE=$(mktemp) || die "cannot make a temporary file"
    trap 'rm -f "$PASSFILE"' EXIT
    PGURL=$(printf '%s' "$PGURL" | "$PY" -c 'import sys, urllib.parse as p
u = p.urlsplit(sys.stdin.read()); who, at, where = u.netloc.rpartition("@")
if u.password is not None:
    word = p.unquote(u.password).replace("\\", "\\\\").replace(":", "\\:")
    open(sys.argv[1], "w").write("*:*:*:*:" + word + "\n")
    who = who.partition(":")[0]
print(p.urlunsplit(u._replace(netloc=who + at + where)))' "$PASSFILE") \
        || die "cannot read the database URL"
    if [ -s "$PASSFILE" ]; then PGPASSFILE=$PASSFILE; export PGPASSFILE; fi
}

CONFIG=/etc/pbem/pbem.toml
URL=${PBEM_DATABASE_URL:-}
PY=${PBEM_PYTHON:-python3}
while getopts c:u:h opt; do
    case $opt in
        c) CONFIG=$OPTARG; URL= ;;
        u) URL=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
DEST=$1
if [ -e "$DEST" ]; then die "$DEST exists; refusing to overwrite a backup"; fi

if [ -z "$URL" ]; then
    URL=$("$PY" -c 'import sys; from config.settings import load_settings; print(load_settings(sys.argv[1]).database_url)' "$CONFIG") \
        || die "cannot read database_url from $CONFIG (set PBEM_PYTHON or use -u)"
fi

case $URL in
    sqlite:///*)
        DB=${URL#sqlite:///}
        DB=${DB%%\?*}
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
        CHECK=$("$PY" -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0])' "$TMP")
        [ "$CHECK" = ok ] || { rm -f "$TMP"; die "integrity check of the copy failed: $CHECK"; }
        mv "$TMP" "$DEST"
        ;;
    postgresql*://* | postgres://*)
        # pg_dump wants a libpq URL: drop SQLAlchemy's "+driver" part.
        PGURL=$(printf '%s' "$URL" | sed -E 's#^postgres(ql)?(\+[a-z0-9_]+)?://#postgresql://#')
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
echo "backup of $(printf '%s' "$URL" | sed -E 's#://[^@/]*@#://***@#') written to $DEST"
