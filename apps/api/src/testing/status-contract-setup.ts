/**
 * Vitest global setup of the API: gives the run a folder for the statuses its tests observe and, when the whole
 * suite ran, compares them with the OpenAPI document at the end (see status-contract.ts). A run of some files or
 * some tests observes only part of the API, so it compares nothing.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject, Vitest } from 'vitest/node'
import { compareWithDocument, readObservations } from './status-contract'

// A whole run records thousands of answers; far fewer means the recording broke, not that the API agrees.
const MINIMUM_OBSERVATIONS = 1000

/** Whether every test file of every selected project ran, with no filter on test names. */
async function ranWholeSuite(vitest: Vitest): Promise<boolean> {
  if (vitest.config.testNamePattern) return false
  const ran = new Set(vitest.state.getTestModules().map((module) => `${module.project.name}:${module.moduleId}`))
  for (const project of vitest.projects) {
    const { testFiles } = await project.globTestFiles()
    if (testFiles.some((file) => !ran.has(`${project.name}:${file}`))) return false
  }
  return true
}

async function compare(vitest: Vitest, dir: string): Promise<void> {
  if (!(await ranWholeSuite(vitest))) return
  const hasFailedTests = vitest.state.getTestModules().some((module) => module.state() === 'failed')
  // Imported only now: the app router is heavy, and a partial run never needs it.
  const { buildOpenApiDocument } = await import('../openapi')
  const observations = readObservations(dir)
  const problems = compareWithDocument(
    buildOpenApiDocument({ title: 'Shop', baseUrl: '' }),
    observations,
    MINIMUM_OBSERVATIONS,
  )
  if (problems.length === 0) {
    const operations = new Set(observations.map((observation) => observation.operation)).size
    vitest.logger.log(
      `Status contract: ${observations.length} answers of ${operations} operations agree with the OpenAPI document.`,
    )
    return
  }
  vitest.logger.error(
    [
      'Status contract: the OpenAPI document (apps/api/src/openapi.ts, from the statuses of the route table',
      'in packages/schema/src/routes.ts) disagrees with the answers the test suite observed:',
      ...problems.map((problem) => `  - ${problem}`),
      ...(hasFailedTests ? ['Tests failed too: a failed test may have missed a request it would have made.'] : []),
    ].join('\n'),
  )
  // Vitest only logs an error thrown by a global teardown and still exits with 0; a failed contract must fail the run.
  process.exitCode = 1
}

export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // Every project inherits this setup; the root project's provided values reach every project's tests.
  if (!project.isRootProject() || project.vitest.config.watch) return undefined
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-api-statuses-'))
  project.provide('statusObservationsDir', dir)
  return async () => {
    try {
      await compare(project.vitest, dir)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  }
}
