-- The tests' own PostgreSQL role and database (docs/testing.md), made or brought up to date
-- by a superuser: psql -v role=NAME -v password=SECRET <.ci/pg_test_role.sql (.ci/run).
-- The role may create the tests' scratch databases; it is no superuser.
\set ON_ERROR_STOP on
SELECT format('CREATE ROLE %I', :'role')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'role') \gexec
ALTER ROLE :"role" LOGIN CREATEDB NOSUPERUSER PASSWORD :'password';
SELECT format('CREATE DATABASE %I OWNER %I', :'role', :'role')
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'role') \gexec
