#!/bin/sh
# Restore the pbem database from a backup made by backup.sh. STOP THE SERVICE FIRST:
#   systemctl stop pbem && restore.sh [-f] [-c CONFIG | -u DATABASE_URL] BACKUP && systemctl start pbem
#
# SQLite: the backup is checked (PRAGMA integrity_check), copied next to the database and
#   renamed over it; the old database and its -wal/-shm files are kept aside as
#   *.before-restore-TIMESTAMP. Without -f an existing database is not replaced.
# PostgreSQL: pg_restore --clean --if-exists --single-transaction into the (existing)
#   database: all of the backup or, on any error, nothing. Without -f the database must be
#   empty (no pbem tables). Create an empty one with: createdb -O pbem pbem
# The database URL comes from -u, else PBEM_DATABASE_URL, else the config file (as backup.sh).
# A restored SQLite database is readable by its owner only (0600: it holds the host's secrets).
set -eu
umask 077

usage() { echo "usage: $0 [-f] [-c CONFIG | -u DATABASE_URL] BACKUP" >&2; exit 2; }
die() { echo "restore: $*" >&2; exit 1; }
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
FORCE=0
while getopts fc:u:h opt; do
    case $opt in
        f) FORCE=1 ;;
        c) CONFIG=$OPTARG; URL= ;;
        u) URL=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
BACKUP=$1
[ -f "$BACKUP" ] || die "no backup file $BACKUP"

if [ -z "$URL" ]; then
    URL=$("$PY" -c 'import sys; from config.settings import load_settings; print(load_settings(sys.argv[1]).database_url)' "$CONFIG") \
        || die "cannot read database_url from $CONFIG (set PBEM_PYTHON or use -u)"
fi
STAMP=$(date +%Y%m%d-%H%M%S)

case $URL in
    sqlite:///*)
        DB=${URL#sqlite:///}
        DB=${DB%%\?*}
        CHECK=$("$PY" -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA integrity_check").fetchone()[0])' "$BACKUP")
        [ "$CHECK" = ok ] || die "the backup fails its integrity check: $CHECK"
        if [ -e "$DB" ] && [ $FORCE -eq 0 ]; then
            die "$DB exists: stop the service and use -f to replace it"
        fi
        TMP="$DB.restoring"
        cp "$BACKUP" "$TMP"
        for suffix in "" -wal -shm -journal; do
            # A stale -wal of the old database would be replayed into the restored one.
            if [ -e "$DB$suffix" ]; then mv "$DB$suffix" "$DB$suffix.before-restore-$STAMP"; fi
        done
        mv "$TMP" "$DB"
        ;;
    postgresql*://* | postgres://*)
        PGURL=$(printf '%s' "$URL" | sed -E 's#^postgres(ql)?(\+[a-z0-9_]+)?://#postgresql://#')
        pg_passfile
        pg_restore --list "$BACKUP" >/dev/null || die "$BACKUP is not a pg_dump custom-format file"
        TABLES=$(psql --no-psqlrc --tuples-only --no-align --dbname="$PGURL" \
            --command="SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") \
            || die "cannot connect to the database"
        if [ "$TABLES" != 0 ] && [ $FORCE -eq 0 ]; then
            die "the database holds $TABLES tables: stop the service and use -f to replace them"
        fi
        pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction \
            --exit-on-error --dbname="$PGURL" "$BACKUP" || die "pg_restore failed; nothing was changed"
        ;;
    *)
        die "unsupported database URL: $URL"
        ;;
esac
echo "restored $BACKUP into $(printf '%s' "$URL" | sed -E 's#://[^@/]*@#://***@#')"
