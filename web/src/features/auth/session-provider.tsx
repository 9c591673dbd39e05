/**
 * The member session (R-WEB-SESSION). The token lives in localStorage under `token`
 * (the API client reads it for every call) and the user under `user`. At start a saved token
 * is checked with GET /api/auth/me; if the server refuses it the session ends silently, and if
 * the check only failed (aborted by a reload, offline, a 5xx) the stored session stays.
 * `loading` stays true until the check ends, so guards wait instead of redirecting.
 */
import type { User } from '@mazad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getToken, onUnauthorized } from '@/lib/api-client';
import { forgetSignedInData } from '@/lib/member-data';
import { refreshSocketAuth } from '@/lib/socket';
import { storage, storageKeys } from '@/lib/storage';
import { getCurrentUser, sessionRefused } from './api/current-user';
import { revokeToken } from './api/logout';

export interface Session {
  user: User | null;
  token: string | null;
  /** True while a saved token is being checked at start. */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Stores the token and the user: login, verification and registration with a token. */
  signIn: (token: string, user: User) => void;
  /** Removes the token and the user. */
  signOut: () => void;
  /** The member logs out: the server revokes the token (POST /api/auth/logout), then signOut. */
  logOut: () => void;
  /** Replaces the stored user (e.g. after a profile update). */
  updateUser: (user: User) => void;
}

export const SessionContext = createContext<Session | null>(null);

function readStoredUser(): User | null {
  return getToken() ? storage.getJson<User>(storageKeys.user) : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(getToken);
  const [user, setUser] = useState<User | null>(readStoredUser);
  const [loading, setLoading] = useState<boolean>(() => getToken() !== null);

  const signOut = useCallback(() => {
    storage.remove(storageKeys.token);
    storage.remove(storageKeys.user);
    setToken(null);
    setUser(null);
    setLoading(false);
    // Whatever was fetched for the previous user must not leak to the next one.
    forgetSignedInData(queryClient);
    refreshSocketAuth();
  }, [queryClient]);

  const logOut = useCallback(() => {
    // The request reads the token before signOut removes it.
    void revokeToken();
    signOut();
  }, [signOut]);

  const signIn = useCallback((nextToken: string, nextUser: User) => {
    storage.set(storageKeys.token, nextToken);
    storage.setJson(storageKeys.user, nextUser);
    setToken(nextToken);
    setUser(nextUser);
    setLoading(false);
    refreshSocketAuth();
  }, []);

  const updateUser = useCallback((nextUser: User) => {
    storage.setJson(storageKeys.user, nextUser);
    setUser(nextUser);
  }, []);

  // The start-up check of a saved token.
  useEffect(() => {
    const saved = getToken();
    if (!saved) return;
    let cancelled = false;
    getCurrentUser()
      .then((current) => {
        if (cancelled || getToken() !== saved) return;
        storage.setJson(storageKeys.user, current);
        setUser(current);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (cancelled || getToken() !== saved) return;
        if (sessionRefused(error)) signOut();
        // Not a refusal: keep the token and the stored user (an unloading page must not sign
        // the next one out); any later call answered 401 still ends the session.
        else setLoading(false);
      });
    return () => {
      cancelled = true;
    };
    // Once, at start: signOut is stable (it depends only on the query client).
  }, [signOut]);

  // A 401 on any call made with the token: the session is over (guards redirect to /login).
  useEffect(() => onUnauthorized(signOut), [signOut]);

  // Another tab logged in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.token && event.key !== null) return;
      const current = getToken();
      if (!current) {
        setToken(null);
        setUser(null);
      } else {
        setToken(current);
        setUser(storage.getJson<User>(storageKeys.user));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      token,
      loading,
      isAuthenticated: Boolean(token && user),
      isAdmin: Boolean(token && user?.isAdmin),
      signIn,
      signOut,
      logOut,
      updateUser,
    }),
    [user, token, loading, signIn, signOut, logOut, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
