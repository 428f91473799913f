// Sign-up on the embedded forge (issue #20, an extension: POST /user/signup creates the account and
// its cookie session at once, when the server allows sign-up).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { sessionKey, setSession } from '@/lib/auth-store';
import { authQueries } from './auth-queries';

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { username: string; email: string; password: string }) => (await api().POST('/user/signup', { body })).data!,
    onSuccess: ({ user, csrf_token }) => {
      const session = { login: user.login, csrf: csrf_token };
      qc.setQueryData(authQueries.me(sessionKey(session)).queryKey, user);
      setSession(session);
      qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'users' || q.queryKey[1] !== 'me' });
    },
  });
}
