import { afterEach, describe, expect, it, vi } from 'vitest'

import { stubXhr } from '@/test/fake-xhr'

import { apiErrorCode } from './api-error-code'
import { apiErrorStatus, errorMessage } from './error-message'
import { isAbort, UploadError, uploadWithProgress } from './upload-with-progress'

afterEach(() => {
  vi.unstubAllGlobals()
})

function form() {
  const data = new FormData()
  data.append('file', new File(['a,b\n'], 'sheet.csv', { type: 'text/csv' }))
  return data
}

describe('an upload with progress', () => {
  it('POSTs the form with the session cookie and leaves the content type to the browser', async () => {
    const xhr = stubXhr()
    const body = form()

    const answer = uploadWithProgress('/api/stage-details/upload?dryRun=true', body)
    const request = xhr.last()
    request.respond(200, { message: 'Checked.' })

    await expect(answer).resolves.toEqual({ status: 200, body: { message: 'Checked.' } })
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/stage-details/upload?dryRun=true')
    expect(request.withCredentials).toBe(true)
    expect(request.body).toBe(body)
    expect(request.requestHeaders).toEqual({})
  })

  it('sends the extra headers it is given, such as an applicant’s bearer token', async () => {
    const xhr = stubXhr()

    const answer = uploadWithProgress('/upload', form(), {
      headers: { Authorization: 'Bearer token-1' },
    })
    const request = xhr.last()
    request.respond(201, { id: 'f1' })
    await answer

    expect(request.requestHeaders).toEqual({ authorization: 'Bearer token-1' })
  })

  it('reports the share sent so far, and all of it once the body has gone up', async () => {
    const xhr = stubXhr()
    const fractions: number[] = []

    const answer = uploadWithProgress('/upload', form(), { onProgress: (f) => fractions.push(f) })
    const request = xhr.last()
    request.progress(25, 100)
    request.upload.onprogress?.({ lengthComputable: false, loaded: 10, total: 0 })
    request.progress(100, 100)
    request.respond(200, { ok: true })
    await answer

    expect(fractions).toEqual([0.25, 1, 1])
  })

  it('keeps a body that is not JSON as text', async () => {
    const xhr = stubXhr()
    const answer = uploadWithProgress('/upload', form())
    xhr.last().respond(200, 'done')
    await expect(answer).resolves.toEqual({ status: 200, body: 'done' })
  })

  it('fails with the contractual error text and keeps the parsed body', async () => {
    const xhr = stubXhr()
    const report = { message: '2 rows have errors.', code: 'VALIDATION_ERROR', errors: [] }

    const answer = uploadWithProgress('/upload', form())
    xhr.last().respond(422, report, 'Unprocessable Entity')
    const err = await answer.catch((e: unknown) => e)

    expect(err).toBeInstanceOf(UploadError)
    expect((err as UploadError).message).toBe(`422: ${JSON.stringify(report)}`)
    expect((err as UploadError).status).toBe(422)
    expect((err as UploadError).body).toEqual(report)
    // Read like any other API error.
    expect(apiErrorStatus(err)).toBe(422)
    expect(apiErrorCode(err)).toBe('VALIDATION_ERROR')
    expect(errorMessage(err, 'fallback')).toBe('2 rows have errors.')
  })

  it('uses the status text when the error body is empty', async () => {
    const xhr = stubXhr()
    const answer = uploadWithProgress('/upload', form())
    xhr.last().respond(502, '', 'Bad Gateway')
    const err = await answer.catch((e: unknown) => e)

    expect((err as Error).message).toBe('502: Bad Gateway')
    expect((err as UploadError).body).toBeUndefined()
    expect(errorMessage(err, 'fallback')).toBe('fallback')
  })

  it('fails with a TypeError, like fetch, when no answer comes', async () => {
    const xhr = stubXhr()
    const answer = uploadWithProgress('/upload', form())
    xhr.last().fail()
    const err = await answer.catch((e: unknown) => e)

    expect(err).toBeInstanceOf(TypeError)
    expect(apiErrorStatus(err)).toBeNull()
  })

  it('stops when its signal aborts, and says it was aborted', async () => {
    const xhr = stubXhr()
    const controller = new AbortController()
    const answer = uploadWithProgress('/upload', form(), { signal: controller.signal })

    controller.abort()
    const err = await answer.catch((e: unknown) => e)

    expect(xhr.last().aborted).toBe(true)
    expect(isAbort(err)).toBe(true)
    expect(isAbort(new Error('500: boom'))).toBe(false)
  })

  it('sends nothing when the signal has already aborted', async () => {
    const xhr = stubXhr()
    const controller = new AbortController()
    controller.abort()

    const err = await uploadWithProgress('/upload', form(), { signal: controller.signal }).catch(
      (e: unknown) => e,
    )

    expect(isAbort(err)).toBe(true)
    expect(xhr.sent).toEqual([])
  })
})
