// One Vitest run for the three workspaces; server tests hit real SQLite (and PostgreSQL when configured).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default on the two-core CI machine is one worker (cores - 1); most server test files wait on
    // child servers, PostgreSQL and restarts rather than compute, so three run side by side (the whole Vitest
    // run 1,025 s -> 735 s on 2026-11-28's host, every test passing).
    maxWorkers: 3,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
