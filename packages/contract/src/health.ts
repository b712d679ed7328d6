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
