import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { StaffUser, UserUpdate } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { api, apiQuery, call, keyOf, serverMessage } from '../../lib/api'

export const usersQuery = () => apiQuery(api.admin.users, (n) => n.get())
const USERS_KEY = keyOf(api.admin.users)

export const useUsers = () => useQuery(usersQuery())

/** Every write to an account: refreshes the list, says what happened or why not (the server's message). */
function useUserWrite<V>(write: (v: V) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: USERS_KEY })
      toast({ title: done })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo guardar el usuario'), variant: 'destructive' }),
  })
}

export const useCreateUser = () =>
  useUserWrite((data: { username: string; password: string; role: StaffUser['role']; active: boolean }) => call(api.admin.users.post(data)), 'Usuario creado')
export const useUpdateUser = () => useUserWrite(({ id, change }: { id: string; change: UserUpdate }) => call(api.admin.users({ id }).patch(change)), 'Usuario actualizado')
export const useDeleteUser = () => useUserWrite((id: string) => call(api.admin.users({ id }).delete()), 'Usuario eliminado')
