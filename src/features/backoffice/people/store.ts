import { atom } from 'nanostores';
import type { BosUserList } from '../../../contract/bos-people';
import type { PeopleApi } from '../../../lib/api/bos-people';
import { errorMessage } from '../../../lib/errors';
import { peopleHref, usersQuery, type PeopleQuery } from './people';

/**
 * The People list's state. The page renders the first view on the server (the search, filters and page the address
 * asks for); the island carries on: each change loads on its own and the address follows (replaced, not pushed:
 * typing is not a trail of history entries), and an answer that arrives after a newer question was asked is dropped.
 */
export interface PeopleSeed {
  query: PeopleQuery;
  list: BosUserList;
  /** The sales agent whose customers the list shows (agent filter), by name. */
  agentName: string | null;
}
export interface PeopleState extends PeopleSeed {
  loading: boolean;
  error: string | null;
}

export type PeopleListApi = Pick<PeopleApi, 'bosUsers'>;
export type Remember = (href: string) => void;
const rememberInHistory: Remember = (href) => history.replaceState(history.state, '', href);

export const $people = atom<PeopleState | null>(null);
const now = () => $people.get()!;
const update = (change: Partial<PeopleState>) => $people.set({ ...now(), ...change });

export const seededPeople = (seed: PeopleSeed): PeopleState => ({ ...seed, loading: false, error: null });
export const seedPeople = (seed: PeopleSeed) => $people.set(seededPeople(seed));

let asked = 0;
/** Shows a view: a change of search or filters starts at page 1; the agent's name goes with their filter. */
export async function showPeople(client: PeopleListApi, change: Partial<PeopleQuery>, remember: Remember = rememberInHistory) {
  const ask = ++asked;
  const before = now().query;
  const query: PeopleQuery = { ...before, ...change, page: change.page ?? 1 };
  update({ query, loading: true, error: null, agentName: query.agent === before.agent ? now().agentName : null });
  remember(peopleHref(query));
  try {
    const list = await client.bosUsers(usersQuery(query));
    if (ask === asked) update({ list, loading: false });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: `The people could not be loaded: ${errorMessage(failure)}` });
  }
}

/** Back or forward: the address is already there, only the view follows it. */
export const followAddress = (client: PeopleListApi, query: PeopleQuery) => showPeople(client, query, () => {});
