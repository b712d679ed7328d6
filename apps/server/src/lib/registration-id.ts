import { randomInt } from 'node:crypto'

/** No 0/O, 1/I/L or U: nothing that is misread or misheard when a student reads it out. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A registration ID such as `HS-7KQ4-M9P2`: easy to read aloud, and 40 random bits, so knowing one
 * tells nothing about any other (no sequence to walk).
 */
export function newRegistrationId(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)]
  const group = () => Array.from({ length: 4 }, pick).join('')
  return `HS-${group()}-${group()}`
}

export const REGISTRATION_ID_PATTERN = /^HS-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/
