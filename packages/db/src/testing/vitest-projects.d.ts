import type { TestProjectInlineConfiguration } from 'vitest/config'

export declare const POSTGRES_TEST_URL: string
export declare function databaseProjects(): TestProjectInlineConfiguration[]
