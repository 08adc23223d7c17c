// Once logged in, the panel links a group sent before logging in (its token kept by /enviar) to the
// account, tells the person, and lists it.
import { useEffect } from 'react';
import { toast } from '#src/components/ui/toast.store.ts';
import { forgetFollow, pendingFollow } from '#src/features/submission/follow.client.ts';
import { ApiError, api } from '#src/lib/api.ts';

export function useFollowSubmission(authed: boolean, onFollowed: () => void) {
  useEffect(() => {
    const follow = authed ? pendingFollow() : null;
    if (!follow) return;
    api(`/api/user/groups/${encodeURIComponent(follow.id)}/follow`, {
      method: 'POST',
      body: { token: follow.token },
    })
      .then(() => {
        forgetFollow();
        toast({
          title: 'Grupo ligado à sua conta',
          description: 'Você vai receber um e-mail quando ele for aprovado.',
          variant: 'success',
        });
        onFollowed();
      })
      .catch((error: unknown) => {
        // Refused (expired, someone else's): nothing to retry. Offline: try again on the next visit.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) forgetFollow();
      });
  }, [authed, onFollowed]);
}
