import { useEffect, useEffectEvent } from 'react';
import type { TeacherGaveCoinsPayload, ToolkitPickedPayload, ToolkitTeamsPayload, ToolkitTimerPayload } from '@kolikko/core/events';
import type { TTeams } from '@kolikko/core/schemas/toolkit';
import { useSocket } from '../../../lib/socket.ts';
import { patchToolkit } from '../api/get-toolkit.ts';

export interface ToolkitLiveHandlers {
  /** A student was picked (on this screen or another): the toolkit's cache has the round already. */
  onPicked?: (payload: ToolkitPickedPayload) => void;
  onTeams?: (teams: TTeams) => void;
  onTimer?: () => void;
  /** An award, its undo or an owed reward paid, to any student of the teacher's groups. */
  onCoins?: (payload: TeacherGaveCoinsPayload) => void;
  /** A student joined, left, or changed name or character. */
  onClassChanged?: () => void;
}

/**
 * The live events the class board and the remote share (issue 32): the picker, teams and timer of
 * one group, told to its teacher's sockets, go into the toolkit's cache, so every screen of the
 * teacher shows the same; the handlers add what each screen does with them. The board is drawn
 * outside the teacher layout, whose live updates it does not have, so it hears the class's
 * changes here too.
 */
export function useToolkitLive(groupId: string, handlers: ToolkitLiveHandlers): void {
  const socket = useSocket();
  const picked = useEffectEvent((payload: ToolkitPickedPayload) => handlers.onPicked?.(payload));
  const teams = useEffectEvent((value: TTeams) => handlers.onTeams?.(value));
  const timer = useEffectEvent(() => handlers.onTimer?.());
  const coins = useEffectEvent((payload: TeacherGaveCoinsPayload) => handlers.onCoins?.(payload));
  const classChanged = useEffectEvent(() => handlers.onClassChanged?.());

  useEffect(() => {
    if (!socket) return undefined;
    const onPicked = (payload: ToolkitPickedPayload) => {
      if (payload.group_id !== groupId) return;
      patchToolkit(groupId, { picked_today: payload.picked_today });
      picked(payload);
    };
    const onTeams = (payload: ToolkitTeamsPayload) => {
      if (payload.group_id !== groupId) return;
      patchToolkit(groupId, { teams: payload.teams });
      teams(payload.teams);
    };
    const onTimer = (payload: ToolkitTimerPayload) => {
      if (payload.group_id !== groupId) return;
      patchToolkit(groupId, { timer: payload.timer });
      timer();
    };
    const onCoins = (payload: TeacherGaveCoinsPayload) => coins(payload);
    const onMembers = (payload: { group_id: string }) => {
      if (payload.group_id === groupId) classChanged();
    };
    socket.on('toolkit-picked', onPicked);
    socket.on('toolkit-teams', onTeams);
    socket.on('toolkit-timer', onTimer);
    socket.on('teacher-gave-coins', onCoins);
    socket.on('member-created', onMembers);
    socket.on('teacher-delete-member', onMembers);
    socket.on('member-delete-self', onMembers);
    socket.on('member-settings-update', onMembers);
    return () => {
      socket.off('toolkit-picked', onPicked);
      socket.off('toolkit-teams', onTeams);
      socket.off('toolkit-timer', onTimer);
      socket.off('teacher-gave-coins', onCoins);
      socket.off('member-created', onMembers);
      socket.off('teacher-delete-member', onMembers);
      socket.off('member-delete-self', onMembers);
      socket.off('member-settings-update', onMembers);
    };
  }, [socket, groupId]);
}
