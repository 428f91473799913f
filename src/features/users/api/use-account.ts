// Changing the password (POST /user/password) and deleting one's account (DELETE /user): the
// embedded forge's extensions for Gitea's account settings form (issue #20).
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { old_password: string; new_password: string }) => {
      await api().POST('/user/password', { body });
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) => {
      await api().DELETE('/user', { body: { password } });
    },
  });
}
