import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { StoreProfile, StoreProfileInput } from '@/shared/store-profile'
import { toast } from '@/web/ui/use-toast'
import { api, call, keyOf, serverMessage } from './api'

/** GET /api/store-profile's place in the cache: the admin's header, the poster, Clientes and 'Tu restaurante' read it. */
const STORE_PROFILE_KEY = keyOf(api['store-profile'])

/** The restaurant's name, words, colours and pictures ('Tu restaurante', issue #41). */
export const useStoreProfile = () =>
  useQuery({ queryKey: STORE_PROFILE_KEY, queryFn: () => call(api['store-profile'].get()), staleTime: 60_000 })

/** The page's title, then the restaurant's name once read ('Iniciar sesión · Pupusería La Ceiba'). */
export function useRestaurantTitle(title: string): void {
  const name = useStoreProfile().data?.name
  useEffect(() => {
    document.title = name ? `${title} · ${name}` : title
  }, [title, name])
}

/** Save the texts (PUT), upload the logo or hero picture (POST), or 'Restablecer' (DELETE): each answers the whole profile. */
export function useStoreProfileActions() {
  const queryClient = useQueryClient()
  const saved = (profile: StoreProfile, title: string) => {
    queryClient.setQueryData(STORE_PROFILE_KEY, profile)
    toast({ title, description: 'La tienda ya lo muestra' })
  }
  const failed = (fallback: string) => (error: unknown) => toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' })
  const save = useMutation({
    mutationFn: (input: StoreProfileInput) => call(api['store-profile'].put(input)),
    onSuccess: (profile) => saved(profile, 'Restaurante guardado'),
    onError: failed('No se pudo guardar'),
  })
  const upload = useMutation({
    mutationFn: ({ which, file }: { which: 'logo' | 'hero'; file: File }) => call(api['store-profile'][which].post({ image: file })),
    onSuccess: (profile, { which }) => saved(profile, which === 'logo' ? 'Logo guardado' : 'Foto del inicio guardada'),
    onError: failed('No se pudo subir la imagen'),
  })
  const reset = useMutation({
    mutationFn: () => call(api['store-profile'].delete()),
    onSuccess: (profile) => saved(profile, 'Restablecido'),
    onError: failed('No se pudo restablecer'),
  })
  return { save, upload, reset }
}
