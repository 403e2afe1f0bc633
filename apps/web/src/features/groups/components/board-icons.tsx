import { Icon, type IconProps } from '../../../components/icons.tsx';

/** The board's and remote's own icons, in the frame of components/icons.tsx, kept out of the icons every page loads. */
function PathIcon({ d, ...props }: IconProps & { d: string }) {
  return (
    <Icon {...props}>
      <path d={d} />
    </Icon>
  );
}

export const IconVolume = (props: IconProps) => <PathIcon {...props} d="M4 9.5h3l5-4v13l-5-4H4zM16 9.5a3.5 3.5 0 0 1 0 5M18.5 7a7 7 0 0 1 0 10" />;
export const IconVolumeOff = (props: IconProps) => <PathIcon {...props} d="M4 9.5h3l5-4v13l-5-4H4zM16 9.5l5 5M21 9.5l-5 5" />;
export const IconDice = (props: IconProps) => (
  <PathIcon {...props} d="M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM8.5 8.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01" />
);
export const IconTimer = (props: IconProps) => <PathIcon {...props} d="M5 13a7 7 0 1 0 14 0 7 7 0 1 0-14 0M12 9.5V13l2.5 1.5M10 3h4M12 3v3" />;
export const IconPlayerPlay = (props: IconProps) => <PathIcon {...props} d="M7 4v16l13-8z" />;
export const IconPlayerPause = (props: IconProps) => <PathIcon {...props} d="M7 5h3v14H7zM14 5h3v14h-3z" />;
export const IconBoard = (props: IconProps) => <PathIcon {...props} d="M3 5a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zM12 16v4M8 20h8" />;
export const IconRemote = (props: IconProps) => <PathIcon {...props} d="M7 4a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2zM12 18h.01" />;
