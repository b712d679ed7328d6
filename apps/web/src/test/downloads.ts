import { beforeEach, vi } from 'vitest'

export interface Download {
  name: string
  href: string
}

/**
 * What the code under test hands the browser to save, one entry per download, emptied before each
 * test: jsdom has no object URLs and does not download, so the link's click is what is asked for
 * and every object URL is `objectUrl`. The spy goes with the test's vi.restoreAllMocks().
 */
export function catchDownloads(objectUrl: string): Download[] {
  const downloads: Download[] = []
  beforeEach(() => {
    downloads.length = 0
    URL.createObjectURL = vi.fn(() => objectUrl)
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ name: this.download, href: this.href })
    })
  })
  return downloads
}
