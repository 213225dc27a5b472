import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentType } from "#common/api/documents";
import { api } from "~/lib/session/client";

/** The documents page's server state: the player's documents and verification, keyed by the player. */
export const documentQueries = {
  list: (playerId: string | undefined) => ({
    queryKey: ["documents", playerId],
    queryFn: async () => (await api().get("/player/documents")).data,
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  verification: (playerId: string | undefined, enabled: boolean) => ({
    queryKey: ["verification", playerId],
    queryFn: async () => (await api().get("/player/verification")).data,
    enabled: enabled && playerId !== undefined,
    staleTime: 0,
  }),
};

export const useDocuments = (playerId: string | undefined) => useQuery(documentQueries.list(playerId));
export const useVerification = (playerId: string | undefined, enabled: boolean) =>
  useQuery(documentQueries.verification(playerId, enabled));

/** Upload and delete, each refreshing the list when done. */
export function useDocumentActions(playerId: string | undefined) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ["documents", playerId] });
  const upload = useMutation({
    mutationFn: (form: { type: DocumentType; file: File }) => {
      const body = new FormData();
      body.set("type", form.type);
      body.set("file", form.file, form.file.name);
      return api().post("/player/documents", body);
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api().delete(`/player/documents/${id}`),
    onSuccess: refresh,
  });
  return { upload, remove };
}

export const startVerification = () => api().post("/player/services/sumsub/auth", {});
