; Inno Setup script for the Windows one-folder bundle (dist\redactor\ from installer\redactor.spec).
; Build: iscc /DAppVersion=0.1.0 installer\windows\redactor.iss   (see .github/workflows/installers.yml)
; Per-user install (no admin); user data (settings, plugins, review files, keyring entries)
; lives outside the install folder and survives upgrades and uninstall.
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
[Setup]
AppId={{6E3C0F0E-6B3A-4F0B-9C51-2E0D5B1B7A11}
AppName=Redactor
AppVersion={#AppVersion}
DefaultDirName={localappdata}\Programs\Redactor
DefaultGroupName=Redactor
PrivilegesRequired=lowest
OutputDir=..\..\dist
OutputBaseFilename=Redactor-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
ArchitecturesInstallIn64BitMode=x64compatible

[Files]
Source: "..\..\dist\redactor\*"; DestDir: "{app}"; Flags: recursesubdirs ignoreversion

[Icons]
Name: "{group}\Redactor"; Filename: "{app}\redactor.exe"; Parameters: "gui"
Name: "{group}\Uninstall Redactor"; Filename: "{uninstallexe}"

[UninstallDelete]
Type: filesandordirs; Name: "{app}\_internal"
