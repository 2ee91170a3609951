import type {
  FeedbackBody,
  FeedbackSavedResponse,
  HandInDetailResponse,
  HandInOverrideBody,
  HandInRowResponse,
  HandInTableResponse,
  NudgeResponse,
  PublishResponse,
  ReturnedFilesResponse,
  ToMarkResponse,
} from "@planify/common/schemas/hand-ins";
import { answerOf, apiClient } from "../../../lib/api/client";
import { givenUrl, routeOf } from "../../../lib/api/routes";
import { downloadAndSave, uploadFiles, type ProgressListener } from "../../../lib/transfer";

// Every call of the teacher's hand-in screens, through the typed client (paths and bodies from
// the server's route schemas, common/src/schemas/hand-ins.ts).

const student = (taskId: string, userId: string) => ({ params: { path: { taskId, userId } } });

export function fetchHandInTable(taskId: string): Promise<HandInTableResponse> {
  return answerOf(apiClient.GET("/api/hand-ins/tasks/{taskId}", { params: { path: { taskId } } }));
}

export function fetchHandInDetail(taskId: string, userId: string): Promise<HandInDetailResponse> {
  return answerOf(apiClient.GET("/api/hand-ins/tasks/{taskId}/students/{userId}", student(taskId, userId)));
}

export function saveOverride(taskId: string, userId: string, body: HandInOverrideBody): Promise<HandInRowResponse> {
  return answerOf(apiClient.PUT("/api/hand-ins/tasks/{taskId}/students/{userId}/override", { ...student(taskId, userId), body }));
}

export function reopenHandIn(taskId: string, userId: string): Promise<HandInRowResponse> {
  return answerOf(apiClient.POST("/api/hand-ins/tasks/{taskId}/students/{userId}/reopen", student(taskId, userId)));
}

export function saveFeedback(taskId: string, userId: string, body: FeedbackBody): Promise<FeedbackSavedResponse> {
  return answerOf(apiClient.PUT("/api/hand-ins/tasks/{taskId}/students/{userId}/feedback", { ...student(taskId, userId), body }));
}

export function uploadReturned(
  taskId: string,
  userId: string,
  files: File[],
  onProgress?: ProgressListener,
): Promise<ReturnedFilesResponse> {
  return uploadFiles(routeOf("/api/hand-ins/tasks/{taskId}/students/{userId}/returned", { taskId, userId }), files, onProgress);
}

export function deleteReturned(taskId: string, userId: string, filename: string): Promise<ReturnedFilesResponse> {
  return answerOf(
    apiClient.DELETE("/api/hand-ins/tasks/{taskId}/students/{userId}/returned/{filename}", {
      params: { path: { taskId, userId, filename } },
    }),
  );
}

export function saveMarkScale(taskId: string, markScale: number) {
  return answerOf(apiClient.PUT("/api/hand-ins/tasks/{taskId}/scale", { params: { path: { taskId } }, body: { markScale } }));
}

export function publishCopies(taskId: string): Promise<PublishResponse> {
  return answerOf(apiClient.POST("/api/hand-ins/tasks/{taskId}/publish", { params: { path: { taskId } } }));
}

export function nudgeLate(taskId: string): Promise<NudgeResponse> {
  return answerOf(apiClient.POST("/api/hand-ins/tasks/{taskId}/nudge", { params: { path: { taskId } } }));
}

export function downloadCsv(taskId: string, onProgress?: ProgressListener) {
  return downloadAndSave(routeOf("/api/hand-ins/tasks/{taskId}/export.csv", { taskId }), onProgress, {
    fallbackName: "depots.csv",
    sanitise: true,
  });
}

export function downloadZip(taskId: string, onProgress?: ProgressListener) {
  return downloadAndSave(routeOf("/api/events/{id}/submissions/zip", { id: taskId }), onProgress, {
    fallbackName: "depots.zip",
    sanitise: true,
  });
}

/** A file the server listed (a version's file, a returned copy) by its own download address. */
export function downloadListed(url: string, name: string, onProgress?: ProgressListener) {
  return downloadAndSave(givenUrl(url), onProgress, { fallbackName: name });
}

/** The caller's « À corriger »: their tasks with hand-ins not yet marked. */
export function fetchToMark(): Promise<ToMarkResponse> {
  return answerOf(apiClient.GET("/api/hand-ins/to-mark"));
}
