// Types of scripts/build.mjs for the TypeScript scripts that import it (the benches, measure-web).
export const apiEntry: string;
export const serverNodeFlags: string[];
export function isStale(name: string): boolean;
export function buildParts(names?: string[], options?: { onlyIfStale?: boolean }): Promise<void>;
