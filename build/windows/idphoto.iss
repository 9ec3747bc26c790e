; Inno Setup script for idphoto.  build/build.py passes AppVersion and SourceDir (the frozen folder).
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\dist\idphoto"
#endif

[Setup]
AppId={{6B0E3C1A-5E77-4C1D-9E0F-2B7D4B7A1D10}
AppName=idphoto
AppVersion={#AppVersion}
AppPublisher=idphoto contributors
DefaultDirName={autopf}\idphoto
DefaultGroupName=idphoto
LicenseFile=..\..\LICENSE
OutputBaseFilename=idphoto-setup
Compression=lzma2/ultra64
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
PrivilegesRequiredOverridesAllowed=dialog
UninstallDisplayIcon={app}\idphoto.exe
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
; Simplified Chinese ships with recent Inno Setup releases; older ones build an English-only installer.
#if FileExists(AddBackslash(CompilerPath) + "Languages\ChineseSimplified.isl")
Name: "chinesesimplified"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\idphoto"; Filename: "{app}\idphoto.exe"
Name: "{group}\{cm:UninstallProgram,idphoto}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\idphoto"; Filename: "{app}\idphoto.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\idphoto.exe"; Description: "{cm:LaunchProgram,idphoto}"; Flags: nowait postinstall skipifsilent
