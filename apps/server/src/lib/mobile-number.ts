import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min'

/** The contract's shape of a typed number (packages/contract/src/applicants.ts), checked again here for sign-in and old rows. */
const SHAPE = /^\+?[\d\s().-]*$/

/**
 * The one form a mobile number is stored, compared and looked up in: E.164, a plus, the country
 * code and the number ("+919876543210"), or undefined when `typed` cannot be a phone number
 * (docs/decisions/019-mobile-numbers.md). A number without a country code gets
 * `defaultCountryCode`; "00" before a country code means "+"; a national trunk 0 goes. The
 * number must fit its country's numbering plan, by length and leading digits (libphonenumber-js
 * with its "min" metadata), which also refuses unknown country codes.
 */
export function canonicalMobile(typed: string, defaultCountryCode: string): string | undefined {
  const value = typed.trim()
  const digits = value.replace(/\D/g, '').length
  if (!SHAPE.test(value) || digits < 10 || digits > 15) return undefined
  const parsed = parsePhoneNumberFromString(value.replace(/^00/, '+'), {
    defaultCallingCode: defaultCountryCode,
  })
  return parsed?.isValid() ? parsed.number : undefined
}

/** Whether `code` is the calling code of a country that the phone-number rules know ("91", "1", "44"). */
export function isCountryCallingCode(code: string): boolean {
  return getCountries().some((country) => getCountryCallingCode(country) === code)
}
