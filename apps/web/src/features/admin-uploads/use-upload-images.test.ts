import { UPLOAD_MESSAGES } from '@shop/schema/uploads'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiMessageOf, httpStatusOf } from '../../lib/api-error'
import { withApiReason } from '../../lib/error-message'
import { ADMIN_TOKEN_KEY } from '../../lib/session'
import { checkFiles, uploadImages } from './use-upload-images'

const png = (name = 'pendant.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' })

function answer(response: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => response())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('uploadImages', () => {
  it('sends the files as multipart with the session and answers their URLs', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'secret-token')
    const fetchMock = answer(async () => Response.json({ urls: ['/uploads/a.png'] }, { status: 201 }))
    await expect(uploadImages([png()])).resolves.toEqual(['/uploads/a.png'])
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/admin/upload')
    expect(init?.method).toBe('POST')
    expect(init?.credentials).toBe('include')
    expect(init?.headers).toEqual({ authorization: 'Bearer secret-token' })
    const body = init?.body
    expect(body instanceof FormData && body.getAll('images')).toHaveLength(1)
  })

  it("rejects a refusal with the server's reason, which the toast adds to the spec's text", async () => {
    const body = JSON.stringify({ code: 'BAD_REQUEST', message: UPLOAD_MESSAGES.unreadable })
    answer(async () => new Response(body, { status: 400, statusText: 'Bad Request' }))
    const error = await uploadImages([png()]).catch((caught: unknown) => caught)
    expect((error as Error).message).toBe(`400: ${body}`)
    expect(httpStatusOf(error)).toBe(400)
    expect(apiMessageOf(error)).toBe(UPLOAD_MESSAGES.unreadable)
    expect(withApiReason('Failed to upload images. Please try again.', error)).toBe(
      `Failed to upload images. Please try again. ${UPLOAD_MESSAGES.unreadable}`,
    )
  })

  it('rejects a network failure, and an answer without URLs', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(uploadImages([png()])).rejects.toThrow('Failed to fetch')
    answer(async () => new Response('<html>proxy page</html>', { status: 200 }))
    await expect(uploadImages([png()])).rejects.toThrow('The server answered no URL for the images')
  })
})

describe('checkFiles', () => {
  it('refuses too many files, a type that is not an image and a file over 5 MB', () => {
    expect(checkFiles([png('a.png'), png('b.png')], 1)?.title).toBe('Too many files')
    expect(checkFiles([new File(['x'], 'notes.txt', { type: 'text/plain' })])?.title).toBe('Invalid file type')
    expect(checkFiles([png('big.png', 5 * 1024 * 1024 + 1)])?.title).toBe('File too large')
    expect(checkFiles([png()])).toBeUndefined()
  })
})
