import { describe, expect, it } from 'vitest'

import { apiErrorStatus, errorMessage } from './error-message'

describe('errorMessage', () => {
  it("reads the server's message out of a 'STATUS: {json}' error", () => {
    const err = new Error('400: {"message":"Current password is incorrect","code":"BAD_REQUEST"}')

    expect(errorMessage(err, 'Failed to change password')).toBe('Current password is incorrect')
  })

  it('keeps a message that contains line breaks or colons', () => {
    const err = new Error('409: {"message":"Cannot deactivate: last admin\\nAdd another first"}')

    expect(errorMessage(err, 'x')).toBe('Cannot deactivate: last admin\nAdd another first')
  })

  it.each([
    ['a body that is not JSON', new Error('502: <html>Bad Gateway</html>')],
    ['a bare status text', new Error('503: Service Unavailable')],
    ['JSON without a message', new Error('500: {"code":"INTERNAL_ERROR"}')],
    ['an empty message', new Error('400: {"message":"  "}')],
    ['a network failure', new TypeError('Failed to fetch')],
    ['something that is not an error', 'oops'],
  ])('falls back for %s', (_case, err) => {
    expect(errorMessage(err, 'Failed to change password')).toBe('Failed to change password')
  })
})

describe('apiErrorStatus', () => {
  it('tells an answered call from one that never reached the server', () => {
    expect(apiErrorStatus(new Error('401: {"message":"Invalid email or password"}'))).toBe(401)
    expect(apiErrorStatus(new TypeError('Failed to fetch'))).toBeNull()
  })
})
