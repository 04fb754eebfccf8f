import { describe, expect, test } from 'bun:test'
import { MAX_IMAGE_SIDE, mainImageName, responsiveImage, variantImageName, variantWidths } from './images'

const id = '0b7e2a4c-1d2f-4a3b-8c9d-0e1f2a3b4c5d'

describe('responsiveImage', () => {
  test('a sized upload gets every stored width in srcSet, smallest first, and its real size', () => {
    expect(responsiveImage(`/uploads/${id}-1600x1200.webp`)).toEqual({
      src: `/uploads/${id}-1600x1200.webp`,
      srcSet: `/uploads/${id}-1600x1200-400w.webp 400w, /uploads/${id}-1600x1200-800w.webp 800w, /uploads/${id}-1600x1200.webp 1600w`,
      width: 1600,
      height: 1200,
    })
  })

  test('a portrait or small upload lists only the copies narrower than itself', () => {
    expect(responsiveImage(`/uploads/${id}-1200x1600.webp`).srcSet).toBe(
      `/uploads/${id}-1200x1600-400w.webp 400w, /uploads/${id}-1200x1600-800w.webp 800w, /uploads/${id}-1200x1600.webp 1200w`,
    )
    expect(responsiveImage(`/uploads/${id}-640x480.webp`)).toMatchObject({ srcSet: `/uploads/${id}-640x480-400w.webp 400w, /uploads/${id}-640x480.webp 640w`, width: 640, height: 480 })
    expect(responsiveImage(`/uploads/${id}-400x300.webp`)).toMatchObject({ srcSet: `/uploads/${id}-400x300.webp 400w`, width: 400 })
  })

  test('older uploads, project images, variants and look-alikes keep a plain src', () => {
    for (const url of [
      `/uploads/${id}.jpg`,
      `/uploads/${id}.webp`,
      '/images/products/chilaquiles-rojos.svg',
      `/uploads/${id}-1600x1200-800w.webp`,
      `/uploads/${id}-1600x1200.png`,
      `/uploads/${id}-0x1200.webp`,
      `https://example.com/uploads/${id}-1600x1200.webp`,
      `/uploads/../${id}-1600x1200.webp`,
      '',
    ]) {
      expect(responsiveImage(url)).toEqual({ src: url })
    }
  })

  test('names: the server and the page share one scheme', () => {
    expect(mainImageName(id, 1600, 1067)).toBe(`${id}-1600x1067.webp`)
    expect(variantImageName(mainImageName(id, 1600, 1067), 800)).toBe(`${id}-1600x1067-800w.webp`)
    expect(variantWidths(MAX_IMAGE_SIDE)).toEqual([400, 800])
    expect(variantWidths(800)).toEqual([400])
    expect(variantWidths(400)).toEqual([])
  })
})
