import { z } from 'zod'

export const healthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    database: z.object({
      driver: z.enum(['pglite', 'postgres']),
      reachable: z.boolean(),
    }),
  })
  .meta({ id: 'Health' })
export type HealthResponse = z.infer<typeof healthResponse>

/** Liveness: the process answers; says nothing of the database (a restart would not mend it). */
export const livenessResponse = z
  .object({
    status: z.literal('ok'),
    uptimeSeconds: z.number().int().nonnegative(),
  })
  .meta({ id: 'Liveness' })
export type LivenessResponse = z.infer<typeof livenessResponse>
