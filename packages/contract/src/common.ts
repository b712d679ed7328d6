import { z } from 'zod'

/** Upper bounds on free text, so no field can carry a megabyte into the database or a log. */
export const MAX = { email: 254, name: 200, password: 256, text: 2000, url: 2048 } as const

/** A moment in time on the wire: ISO 8601 with its offset (the server sends UTC, 'Z'). */
export const isoDateTime = z.iso.datetime({ offset: true })

export const uuidParam = z.object({ id: z.uuid('Not a valid id') })

export const messageResponse = z.object({ message: z.string() }).meta({ id: 'Message' })
export type MessageResponse = z.infer<typeof messageResponse>

/** Emails are compared without case; they are stored trimmed and lower-cased. */
export const emailField = (message = 'Invalid email address') =>
  z
    .string()
    .trim()
    .max(MAX.email, 'Email address is too long')
    .pipe(z.email(message))
    .transform((value) => value.toLowerCase())
