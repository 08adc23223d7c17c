// In front of every page, picture and share card (decision 0015): a group with an active hold is off
// all of them within seconds, whether its page is a file of the deploy or rendered on demand. The same
// module runs in the local platform (scripts/platform/edge.ts).
import { currentTakedowns } from '../../src/features/takedowns/takedown-store.ts';
import { takedownEdge } from '../../src/features/takedowns/takedowns.ts';

interface EdgeContext {
  next: (request?: Request) => Promise<Response>;
}

export default async (request: Request, context: EdgeContext): Promise<Response> =>
  takedownEdge(
    request,
    (req) => context.next(req),
    async () => {
      try {
        return (await currentTakedowns()).sets;
      } catch (error) {
        // Blobs unreadable: serve as the deploy and the functions say (they read the database themselves).
        console.error('[takedowns] list unreadable:', error);
        return { groups: new Set(), images: new Set() };
      }
    },
  );

// Static assets never show a group; the rest of /api/ is passed on at once (pictures are under it).
export const config = { path: '/*', excludedPath: ['/_astro/*', '/pagefind/*', '/.netlify/*'] };
