import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { uuidParam } from '@hackathon/contract'
import { z } from 'zod'
import { AppError } from '../../plugins/app-error.js'
import { requireRole } from '../../plugins/auth.js'
import { GitHubUnavailable } from '../../lib/github.js'
import type { GitHubService } from './github.service.js'

const checkResult = z
  .object({
    frozen: z.number().int().describe('Submissions frozen now (the deadline had passed)'),
    compared: z.number().int().describe('Frozen submissions compared with their branch now'),
  })
  .meta({ id: 'GitHubCheckResult' })

export const githubRoutes: FastifyPluginAsyncZod<{ github: GitHubService }> = async (
  app,
  { github },
) => {
  app.post(
    '/api/rounds/:id/github-check',
    {
      schema: {
        tags: ['rounds'],
        summary:
          "Asks GitHub now: freezes the round's unfrozen submissions if its deadline passed, and lists commits pushed after each frozen one",
        params: uuidParam,
        response: { 200: checkResult },
      },
      onRequest: requireRole('admin', 'jury'),
    },
    async (request) => {
      if (!github.enabled)
        throw new AppError(409, 'GitHub checks are turned off on this server (GITHUB_VERIFY=off).')
      try {
        const frozen = await github.freezeDue(request.params.id)
        const { compared } = await github.compareRound(request.params.id)
        return { frozen, compared }
      } catch (error) {
        if (error instanceof GitHubUnavailable)
          throw new AppError(503, 'GitHub cannot be reached right now. Please try again later.')
        throw error
      }
    },
  )
}
