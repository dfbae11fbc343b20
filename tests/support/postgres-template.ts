import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../server/trading/db/postgres';
import { fillTemplate } from './template-data';

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` on TEST_DATABASE_URL's own database (creating and dropping databases). */
export async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates and fills one PostgreSQL database per run, which every test file's database is then
 * copied from (`create database … template …`). Its name is this run's own, so two runs on one server
 * do not meet; `drop` removes it when the run ends. Nothing stays connected to it: PostgreSQL copies
 * only a template nobody is using. Made by tests/support/global-setup.ts when TEST_DATABASE_URL is set.
 */
export async function makePostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}`);
  const database = await openPostgres({ url: databaseUrl(name), poolMax: 2 });
  try {
    await fillTemplate(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
