import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** DESIGN §3 Money: numeric(14,2), read as exact decimal text. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
