import { afterEach, describe, expect, mock, test } from 'bun:test'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { json, mockFetch, renderAdmin } from '../test/render'
import { ImageUpload } from './image-upload'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

function pick(file: File) {
  const input = document.getElementById('img') as HTMLInputElement
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  fireEvent.change(input)
}

describe('ImageUpload', () => {
  test('shows the hint and refuses a file that is not an image', async () => {
    const api = mockFetch(() => json({ url: '/uploads/a.png' }))
    restore = api.restore
    const onChange = mock((_url: string | null) => {})
    renderAdmin(<ImageUpload id="img" label="Imagen" target="product-image" value={null} onChange={onChange} />)
    expect(screen.getByText('PNG o JPG hasta 10MB')).toBeTruthy()
    pick(new File(['hola'], 'notas.txt', { type: 'text/plain' }))
    expect(await screen.findByText('Por favor selecciona un archivo de imagen')).toBeTruthy()
    expect(api.calls).toHaveLength(0)
    expect(onChange).not.toHaveBeenCalled()
  })

  test('uploads an image (multipart to the right endpoint) and reports success', async () => {
    const api = mockFetch(() => json({ url: '/uploads/abc.png' }))
    restore = api.restore
    const onChange = mock((_url: string | null) => {})
    renderAdmin(<ImageUpload id="img" label="Imagen" target="ingredient-image" value={null} onChange={onChange} />)
    pick(new File([new Uint8Array([137, 80, 78, 71])], 'salsa.png', { type: 'image/png' }))
    expect(screen.getByText('Subiendo imagen...')).toBeTruthy()
    expect(await screen.findByText('Imagen cargada')).toBeTruthy()
    expect(screen.getByText('La imagen se ha subido correctamente')).toBeTruthy()
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/upload/ingredient-image', body: '[form-data]' })
    expect(onChange).toHaveBeenCalledWith('/uploads/abc.png')
  })

  test('a failed upload says so', async () => {
    restore = mockFetch(() => json({ message: 'La imagen supera el límite de 10 MB' }, 413)).restore
    const onChange = mock((_url: string | null) => {})
    renderAdmin(<ImageUpload id="img" label="Imagen" target="product-image" value={null} onChange={onChange} />)
    pick(new File(['x'], 'big.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByText('No se pudo cargar la imagen')).toBeTruthy()
    expect(onChange).not.toHaveBeenCalled()
  })
})
