<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="41"/>
        <source>About idphoto</source>
        <translation>关于 idphoto</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="44"/>
        <source>Version %1</source>
        <translation>版本 %1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="68"/>
        <source>An offline ID-photo studio: cut-out, standard crop, checks and print sheets. Nothing leaves this computer.</source>
        <translation>离线证件照工作室：抠图、标准裁剪、合规检查与排版打印。所有处理都在本机完成，照片不会离开这台电脑。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="70"/>
        <source>idphoto is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License, version 3 or (at your option) any later version.</source>
        <translation>idphoto 是自由软件：您可以依据 GNU 通用公共许可证第 3 版（或您选择的任何更高版本）再发布和/或修改它。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="72"/>
        <source>Full licence texts are in %1 and in models/licenses.</source>
        <translation>完整许可证文本位于 %1 和 models/licenses。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="73"/>
        <source>Bundled models</source>
        <translation>内置模型</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/about.py" line="73"/>
        <source>Third-party components</source>
        <translation>第三方组件</translation>
    </message>
</context>
<context>
    <name>Actions</name>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="61"/>
        <source>Open photos…</source>
        <translation>打开照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="61"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="61"/>
        <source>Save photo…</source>
        <translation>保存照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="61"/>
        <source>Camera</source>
        <translation>拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="62"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="62"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="62"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="62"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="62"/>
        <source>Sheet composer…</source>
        <translation>排版组合…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="63"/>
        <source>Next photo</source>
        <translation>下一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="63"/>
        <source>Previous photo</source>
        <translation>上一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="63"/>
        <source>Close photo</source>
        <translation>关闭照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="64"/>
        <source>Automatic crop</source>
        <translation>自动裁剪</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="64"/>
        <source>Choose template…</source>
        <translation>选择规格…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="64"/>
        <source>Guides</source>
        <translation>参考线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="65"/>
        <source>Original</source>
        <translation>原图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="65"/>
        <source>Cancel analysis</source>
        <translation>取消分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="65"/>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="66"/>
        <source>中文 / English</source>
        <translation>中文 / English</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="66"/>
        <source>About idphoto</source>
        <translation>关于 idphoto</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="66"/>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/actions.py" line="67"/>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
</context>
<context>
    <name>AdjustPanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="85"/>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="86"/>
        <source>Rotate</source>
        <translation>旋转</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="87"/>
        <source>Undo (Ctrl+Z)</source>
        <translation>撤销 (Ctrl+Z)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="88"/>
        <source>Redo (Ctrl+Shift+Z)</source>
        <translation>重做 (Ctrl+Shift+Z)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="89"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="90"/>
        <source>Back to the automatic crop</source>
        <translation>恢复自动裁剪</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/adjust_panel.py" line="91"/>
        <source>Drag the photo to move it, scroll to zoom. Drag the top-of-head or chin line if a hat, hair or a beard misleads it.</source>
        <translation>拖动照片可移动，滚轮可缩放。如帽子、头发或胡子影响了判断，可拖动头顶线或下巴线。</translation>
    </message>
</context>
<context>
    <name>BackgroundPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="85"/>
        <source>Choose the background colour</source>
        <translation>选择背景颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="86"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="87"/>
        <source>Only the colours this document allows are shown.</source>
        <translation>只显示此证件允许的颜色。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="88"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>CameraMode</name>
    <message>
        <location filename="../../idphoto_gui/qt/camera_mode.py" line="65"/>
        <source>The camera cannot be used</source>
        <translation>无法使用摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/camera_mode.py" line="66"/>
        <source>The camera support of this system is missing; import photos instead.</source>
        <translation>本系统缺少摄像头支持；请改为导入照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/camera_mode.py" line="76"/>
        <source>Camera photo</source>
        <translation>拍摄的照片</translation>
    </message>
</context>
<context>
    <name>CameraStep</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="82"/>
        <source>Look at the camera</source>
        <translation>请看摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="83"/>
        <source>Follow the hints, then press the red button. After 3-2-1 we take three photos and keep the best.</source>
        <translation>按提示调整姿势，然后按红色按钮。倒数 3-2-1 后连拍三张，保留最好的一张。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="85"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
</context>
<context>
    <name>CapturePage</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="128"/>
        <source>Mirror</source>
        <translation>镜像</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="129"/>
        <source>Show the live picture like a mirror (the photo is never mirrored)</source>
        <translation>实时画面像镜子一样显示（拍出的照片不会被镜像）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="130"/>
        <source>Timer 3 s</source>
        <translation>3 秒倒计时</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="131"/>
        <source>Count down 3-2-1 before taking the photo</source>
        <translation>拍照前倒数 3-2-1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="132"/>
        <source>Best of %n</source>
        <translation>
            <numerusform>%n 张选优</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="133"/>
        <source>Take a short burst and keep the sharpest photo</source>
        <translation>连拍几张，保留最清晰的一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="134"/>
        <source>Choose the camera</source>
        <translation>选择摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="135"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="135"/>
        <source>Capture</source>
        <translation>拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/capture_page.py" line="136"/>
        <source>Take the photo (Space)</source>
        <translation>拍照（空格键）</translation>
    </message>
</context>
<context>
    <name>ColourSwatches</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="235"/>
        <source>Custom colour…</source>
        <translation>自定义颜色…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="129"/>
        <source>Recent</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="128"/>
        <source>More colours…</source>
        <translation>更多颜色…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="221"/>
        <source>The photo&apos;s own background (crop only, no cut-out)</source>
        <translation>照片原背景（只裁剪，不抠图）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="222"/>
        <source>what this authority asks for</source>
        <translation>该机构的要求</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="224"/>
        <source>allowed by this template</source>
        <translation>该规格允许的颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="249"/>
        <source>Background colour</source>
        <translation>背景颜色</translation>
    </message>
</context>
<context>
    <name>CompliancePanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="121"/>
        <source>Checks appear here once a photo is analysed.</source>
        <translation>照片分析完成后，检查结果会显示在这里。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="128"/>
        <source>Does not meet the rules: %n problem(s)</source>
        <translation>
            <numerusform>不符合要求：%n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="131"/>
        <source>Check %n item(s) before printing</source>
        <translation>
            <numerusform>打印前请检查 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="134"/>
        <source>Meets the template&apos;s rules</source>
        <translation>符合该规格的要求</translation>
    </message>
</context>
<context>
    <name>DocumentsPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="145"/>
        <source>Which photo do you need?</source>
        <translation>您需要哪种照片？</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="146"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="63"/>
        <source>Drop photos here</source>
        <translation>把照片拖到这里</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="64"/>
        <source>JPEG, PNG, HEIC, TIFF or WebP — several photos or a whole folder at once</source>
        <translation>支持 JPEG、PNG、HEIC、TIFF、WebP —— 可一次导入多张照片或整个文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="65"/>
        <source>Open photos…</source>
        <translation>打开照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="66"/>
        <source>Open photos (Ctrl+O)</source>
        <translation>打开照片 (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="67"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="68"/>
        <source>Paste a photo from the clipboard (Ctrl+V)</source>
        <translation>从剪贴板粘贴照片 (Ctrl+V)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/empty_state.py" line="69"/>
        <source>1  Open a photo    2  Pick the template and background    3  Save or print</source>
        <translation>1  打开照片    2  选择规格和背景色    3  保存或打印</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <location filename="../../idphoto_gui/qt/export_actions.py" line="98"/>
        <source>Contact sheet</source>
        <translation>总览页</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/export_actions.py" line="106"/>
        <source>Preparing the sheet…</source>
        <translation>正在准备排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/export_actions.py" line="107"/>
        <source>Press Print again in a moment.</source>
        <translation>请稍后再点一次“打印”。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/export_actions.py" line="117"/>
        <source>Sent to the printer</source>
        <translation>已发送到打印机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/export_actions.py" line="118"/>
        <source>The sheet was sent at true size.</source>
        <translation>排版已按实际尺寸发送。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/export_actions.py" line="123"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/export_actions.py" line="124"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
</context>
<context>
    <name>ExportPanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="120"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="121"/>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="122"/>
        <source>File size cap</source>
        <translation>文件大小上限</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="124"/>
        <source>No limit</source>
        <translation>不限制</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="125"/>
        <source>Upload portals often limit the file size; 0 means no limit.</source>
        <translation>报名网站常限制文件大小；0 表示不限制。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="126"/>
        <source>Save photo…</source>
        <translation>保存照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="127"/>
        <source>Save the ID photo (Ctrl+S)</source>
        <translation>保存证件照 (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="128"/>
        <source>Save transparent cut-out…</source>
        <translation>保存透明背景抠图…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="129"/>
        <source>Print sheet</source>
        <translation>排版打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="130"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="131"/>
        <source>Copies</source>
        <translation>张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="132"/>
        <source>Fill the sheet</source>
        <translation>排满整张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="133"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="134"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="135"/>
        <source>Print the sheet at true size (Ctrl+P)</source>
        <translation>按实际尺寸打印排版 (Ctrl+P)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="136"/>
        <source>Save the print sheet as JPEG, PNG or PDF (Ctrl+Shift+S)</source>
        <translation>将排版保存为 JPEG、PNG 或 PDF (Ctrl+Shift+S)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="137"/>
        <source>Sheet…</source>
        <translation>组合排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="138"/>
        <source>Compose a sheet of several photos and sizes (Ctrl+M)</source>
        <translation>把多张照片、多种尺寸排到一张相纸上 (Ctrl+M)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="139"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="140"/>
        <source>Print preview at true size</source>
        <translation>按实际尺寸预览打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="141"/>
        <source>Contact sheet of all photos…</source>
        <translation>全部照片总览页…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="142"/>
        <source>Thumbnails of every photo in the strip with its name and worst check</source>
        <translation>照片栏中每张照片的缩略图，附文件名和最严重的检查结果</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="144"/>
        <source>A PNG with a transparent background, same crop</source>
        <translation>透明背景的 PNG，裁剪相同</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="171"/>
        <source>%n photo(s) on this sheet</source>
        <translation>
            <numerusform>本张可排 %n 张</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FailGate</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="23"/>
        <source>This photo does not meet the rules</source>
        <translation>这张照片不符合要求</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="24"/>
        <source>The checks found problems:</source>
        <translation>检查发现以下问题：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="27"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="47"/>
        <source>Print anyway</source>
        <translation>仍然打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="49"/>
        <source>Save anyway</source>
        <translation>仍然保存</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../../idphoto_gui/qt/file_dialogs.py" line="57"/>
        <source>Images</source>
        <translation>图片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/file_dialogs.py" line="57"/>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/file_dialogs.py" line="58"/>
        <source>Open photos</source>
        <translation>打开照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/file_dialogs.py" line="71"/>
        <source>Save ID photo</source>
        <translation>保存证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/file_dialogs.py" line="74"/>
        <source>Save transparent cut-out</source>
        <translation>保存透明背景抠图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/file_dialogs.py" line="76"/>
        <source>Save contact sheet</source>
        <translation>保存总览页</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/file_dialogs.py" line="79"/>
        <source>Save print sheet</source>
        <translation>保存排版</translation>
    </message>
</context>
<context>
    <name>KioskText</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="30"/>
        <source>Your head is the right size.</source>
        <translation>头部大小合适。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="31"/>
        <source>Your eyes are at the right height.</source>
        <translation>眼睛高度合适。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="32"/>
        <source>The space above your head is right.</source>
        <translation>头顶留白合适。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="33"/>
        <source>Your face is in the middle.</source>
        <translation>脸部居中。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="34"/>
        <source>Your head is not tilted to one side.</source>
        <translation>头部没有歪向一侧。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="35"/>
        <source>You face the camera squarely.</source>
        <translation>脸正对摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="36"/>
        <source>You are close enough to the camera.</source>
        <translation>离摄像头足够近。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="37"/>
        <source>The photo has enough pixels to print.</source>
        <translation>照片像素足够打印。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="38"/>
        <source>Your face is well lit.</source>
        <translation>脸部光线充足。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="39"/>
        <source>The light on your face is even.</source>
        <translation>脸部光线均匀。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="40"/>
        <source>The photo is in focus.</source>
        <translation>照片对焦清晰。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="41"/>
        <source>The background colour is allowed.</source>
        <translation>背景颜色符合要求。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="42"/>
        <source>The wall behind you is even.</source>
        <translation>身后的墙面均匀。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="43"/>
        <source>The wall behind you is plain.</source>
        <translation>身后的墙面素净。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="44"/>
        <source>The background reaches every edge.</source>
        <translation>背景覆盖到每条边。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="45"/>
        <source>Your head and shoulders fit in the photo.</source>
        <translation>头部和肩膀完整在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="46"/>
        <source>Your whole head is in the photo.</source>
        <translation>整个头部都在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="47"/>
        <source>There is room around your head.</source>
        <translation>头部周围留有空间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="48"/>
        <source>Your hair fits in the photo.</source>
        <translation>头发完整在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="49"/>
        <source>Your shoulders fit in the photo.</source>
        <translation>肩膀完整在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="50"/>
        <source>Your chin is level.</source>
        <translation>头部没有仰头或低头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="51"/>
        <source>Your eyes are open.</source>
        <translation>眼睛睁开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="52"/>
        <source>Your eyes can be seen clearly.</source>
        <translation>眼睛清晰可见。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="53"/>
        <source>Your eyes look into the camera.</source>
        <translation>眼睛看着摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="54"/>
        <source>No glasses problem.</source>
        <translation>眼镜没有问题。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="55"/>
        <source>No glare on glasses.</source>
        <translation>眼镜没有反光。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="56"/>
        <source>No tinted glasses.</source>
        <translation>没有有色眼镜。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="57"/>
        <source>No red eyes.</source>
        <translation>没有红眼。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="58"/>
        <source>Your head is not covered.</source>
        <translation>头部没有遮挡。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="59"/>
        <source>Your mouth is closed.</source>
        <translation>嘴巴闭合。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="60"/>
        <source>Your expression is neutral.</source>
        <translation>表情自然。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="61"/>
        <source>No shadows on your face.</source>
        <translation>脸上没有阴影。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="63"/>
        <source>This check is fine.</source>
        <translation>此项检查通过。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="66"/>
        <source>Your head is too small in the photo: come a little closer.</source>
        <translation>照片中头部太小：请靠近一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="67"/>
        <source>Your head is too large in the photo: step back a little.</source>
        <translation>照片中头部太大：请后退一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="68"/>
        <source>Your eyes are not at the right height: keep your head level.</source>
        <translation>眼睛高度不合适：请保持头部水平。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="69"/>
        <source>The space above your head is not right: stand straight.</source>
        <translation>头顶留白不合适：请站直。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="70"/>
        <source>Your face is not in the middle: stand in the centre.</source>
        <translation>脸部不在中间：请站到中间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="71"/>
        <source>Your head is tilted: keep it straight.</source>
        <translation>头部倾斜：请保持端正。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="72"/>
        <source>Your face is turned: look straight at the camera.</source>
        <translation>脸部偏转：请正视摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="73"/>
        <source>The photo is not detailed enough: come a little closer.</source>
        <translation>照片细节不足：请靠近一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="74"/>
        <source>The photo is enlarged a lot: come a little closer.</source>
        <translation>照片放大过多：请靠近一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="75"/>
        <source>Your face is too dark.</source>
        <translation>脸部太暗。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="76"/>
        <source>Your face is too bright.</source>
        <translation>脸部太亮。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="77"/>
        <source>One side of your face is darker than the other.</source>
        <translation>脸部一侧比另一侧暗。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="78"/>
        <source>The photo is blurred: keep still.</source>
        <translation>照片模糊：请保持不动。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="79"/>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="86"/>
        <source>You are too close: your head and shoulders must fit in the frame.</source>
        <translation>您离得太近：头部和肩膀必须完整在画面内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="81"/>
        <source>You are near the edge of the picture: stand in the centre.</source>
        <translation>您靠近画面边缘：请站到中间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="83"/>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="84"/>
        <source>The edge around your hair may not be clean.</source>
        <translation>头发边缘可能不够干净。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="85"/>
        <source>This document needs another background colour.</source>
        <translation>此证件需要其他背景颜色。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="88"/>
        <source>There is too little room around your head: step back a little.</source>
        <translation>头部周围空间不足：请后退一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="89"/>
        <source>Some of your hair is outside the photo.</source>
        <translation>部分头发超出照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="90"/>
        <source>Your shoulders were completed at the photo&apos;s edge.</source>
        <translation>照片边缘的肩膀是补全的。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="91"/>
        <source>Your head is tipped up or down: keep it level.</source>
        <translation>头部仰起或低下：请保持平视。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="92"/>
        <source>Keep your eyes open.</source>
        <translation>请睁开眼睛。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="93"/>
        <source>Your eyes must be clearly visible.</source>
        <translation>眼睛必须清晰可见。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="94"/>
        <source>Look straight into the camera.</source>
        <translation>请直视摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="95"/>
        <source>Please take off your glasses.</source>
        <translation>请摘下眼镜。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="96"/>
        <source>Your glasses reflect the light: take them off.</source>
        <translation>眼镜反光：请摘下眼镜。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="97"/>
        <source>Tinted glasses are not allowed: take them off.</source>
        <translation>不允许佩戴有色眼镜：请摘下。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="98"/>
        <source>Your eyes look red in the photo: try again.</source>
        <translation>照片中出现红眼：请再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="99"/>
        <source>Your head must not be covered.</source>
        <translation>头部不能有遮挡。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="100"/>
        <source>Close your mouth.</source>
        <translation>请闭上嘴巴。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="101"/>
        <source>Keep a neutral expression, without smiling.</source>
        <translation>请保持自然表情，不要笑。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="102"/>
        <source>There are shadows on your face.</source>
        <translation>脸上有阴影。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="104"/>
        <source>Something in this photo is not right.</source>
        <translation>这张照片有问题。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="112"/>
        <source>This photo cannot be printed. %1</source>
        <translation>这张照片不能打印。%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="118"/>
        <source>We could not see your face: look at the camera and try again.</source>
        <translation>没有看到您的脸：请看摄像头，再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="119"/>
        <source>Only one person may be in the photo: please try again alone.</source>
        <translation>照片中只能有一个人：请单独再拍一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="120"/>
        <source>Your face is turned: look straight at the camera and try again.</source>
        <translation>脸部偏转：请正视摄像头，再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="121"/>
        <source>We could not use this photo: please try again.</source>
        <translation>这张照片无法使用：请再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="132"/>
        <source>The camera is not working right now. Please ask a member of staff for help.</source>
        <translation>摄像头暂时无法使用，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="134"/>
        <source>No camera: connect one, or choose it in the kiosk settings.</source>
        <translation>没有摄像头：请连接摄像头，或在自助机设置中选择。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="135"/>
        <source>The camera was disconnected. Please ask a member of staff for help.</source>
        <translation>摄像头已断开，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="136"/>
        <source>The camera was unplugged during a session.</source>
        <translation>拍摄过程中摄像头被拔出。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="137"/>
        <source>The printer is not available. Please ask a member of staff for help.</source>
        <translation>打印机不可用，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="138"/>
        <source>No printer: check the printer name or the PDF folder.</source>
        <translation>没有打印机：请检查打印机名称或 PDF 文件夹。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="139"/>
        <source>The printer did not accept your photos. Please ask a member of staff for help.</source>
        <translation>打印机未能接受打印任务，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="141"/>
        <source>The printer refused a job: check paper, ink and the queue.</source>
        <translation>打印机拒绝了任务：请检查相纸、墨水和打印队列。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="142"/>
        <source>Your photo could not be checked. Please try again.</source>
        <translation>无法检查您的照片，请再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="143"/>
        <source>A photo could not be analysed (see the log).</source>
        <translation>一张照片无法分析（见日志）。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="150"/>
        <source>Something went wrong. Please ask a member of staff for help.</source>
        <translation>出现问题，请联系工作人员。</translation>
    </message>
    <message>
        <source>This photo needs both of you: please sit side by side in front of the camera and try again.</source>
        <translation>这张照片需要你们两人同框：请并肩坐在镜头前，再拍一次。</translation>
    </message>
</context>
<context>
    <name>KioskWindow</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="180"/>
        <source>Checking your photo…</source>
        <translation>正在检查照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="180"/>
        <source>This takes a few seconds.</source>
        <translation>需要几秒钟。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="249"/>
        <source>Printing…</source>
        <translation>正在打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="249"/>
        <source>Your photos are being printed.</source>
        <translation>正在打印您的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="264"/>
        <source>Thank you!</source>
        <translation>谢谢！</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="264"/>
        <source>Take your photos from the printer.</source>
        <translation>请从打印机取走照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="265"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="295"/>
        <source>Sorry</source>
        <translation>抱歉</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="295"/>
        <source>Start again</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="295"/>
        <source>Try again</source>
        <translation>再试一次</translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="95"/>
        <source>Look into the camera</source>
        <translation>请看镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="96"/>
        <source>Only one person in the picture, please</source>
        <translation>画面中请只保留一个人</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="97"/>
        <source>Face the camera straight on</source>
        <translation>请正对镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="98"/>
        <source>Move closer</source>
        <translation>请靠近一点</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="99"/>
        <source>Move back a little</source>
        <translation>请稍微后退</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="100"/>
        <source>Move to your left</source>
        <translation>请向您的左侧移动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="101"/>
        <source>Move to your right</source>
        <translation>请向您的右侧移动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="102"/>
        <source>Move up a little</source>
        <translation>请稍微抬高</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="103"/>
        <source>Move down a little</source>
        <translation>请稍微放低</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="104"/>
        <source>Keep your head level</source>
        <translation>请保持头部端正</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="105"/>
        <source>Too dark: add light in front of you</source>
        <translation>太暗了：请在正前方补光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="106"/>
        <source>Too bright: soften the light</source>
        <translation>太亮了：请调柔光线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="107"/>
        <source>Hold still</source>
        <translation>请保持不动</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="108"/>
        <source>Ready! Press Space or tap Capture</source>
        <translation>准备好了！按空格键或点击“拍照”</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="115"/>
        <source>No camera found</source>
        <translation>未找到摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="116"/>
        <source>Connect a camera and it will appear here. You can still import photos from files.</source>
        <translation>连接摄像头后会显示在这里。您仍可以从文件导入照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="118"/>
        <source>Camera access is turned off</source>
        <translation>摄像头权限已关闭</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="119"/>
        <source>Allow idphoto to use the camera in the system privacy settings, then come back to this page.</source>
        <translation>请在系统隐私设置中允许 idphoto 使用摄像头，然后回到此页面。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="121"/>
        <source>The camera was disconnected</source>
        <translation>摄像头已断开</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="122"/>
        <source>Plug it in again, or choose another camera below.</source>
        <translation>请重新插上，或在下方选择其他摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="123"/>
        <source>The camera is not responding</source>
        <translation>摄像头没有响应</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="124"/>
        <source>Another program may be using it. Close it and try again.</source>
        <translation>可能有其他程序正在使用它。请关闭该程序后重试。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="125"/>
        <source>The photo could not be taken</source>
        <translation>未能拍摄照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="125"/>
        <source>Please try again.</source>
        <translation>请重试。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="127"/>
        <source>Camera problem</source>
        <translation>摄像头故障</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="146"/>
        <source>Starting the camera…</source>
        <translation>正在启动摄像头…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="188"/>
        <source>Eyes</source>
        <translation>眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="230"/>
        <source>Choose a photo size to see the guide</source>
        <translation>选择照片规格后显示引导框</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="232"/>
        <source>Live guide unavailable; you can still take photos</source>
        <translation>实时引导不可用；仍可拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="234"/>
        <source>Looking for a face…</source>
        <translation>正在寻找人脸…</translation>
    </message>
    <message>
        <source>Both of you, please: sit side by side in front of the camera</source>
        <translation>请两人一起入镜：并肩坐在镜头前</translation>
    </message>
    <message>
        <source>Heads level: the taller one lean in, the shorter one sit up</source>
        <translation>两人头部对齐：高的一方向中间靠，矮的一方坐直</translation>
    </message>
</context>
<context>
    <name>MainUi</name>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="172"/>
        <source>Add photos (Ctrl+O)</source>
        <translation>添加照片 (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="173"/>
        <source>Photo</source>
        <translation>证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="174"/>
        <source>Print sheet</source>
        <translation>排版打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="175"/>
        <source>The finished ID photo</source>
        <translation>制作完成的证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="176"/>
        <source>The print sheet as it will be printed</source>
        <translation>打印出来的排版效果</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="177"/>
        <source>Guides</source>
        <translation>参考线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="178"/>
        <source>Show head-height, eye-line and centre guides (G)</source>
        <translation>显示头高、眼线和中线参考线 (G)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="179"/>
        <source>Original</source>
        <translation>原图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="180"/>
        <source>Show the original photo beside the result (O)</source>
        <translation>在成品旁显示原图 (O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="181"/>
        <source>Close photo</source>
        <translation>关闭照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="182"/>
        <source>The print sheet appears here once a photo is ready.</source>
        <translation>照片制作完成后，排版会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="183"/>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="183"/>
        <source>Background</source>
        <translation>背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="183"/>
        <source>Adjust</source>
        <translation>调整</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="184"/>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/ui.py" line="184"/>
        <source>Save and print</source>
        <translation>保存与打印</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../idphoto_gui/qt/main_window.py" line="166"/>
        <source>Pasted photo</source>
        <translation>粘贴的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/main_window.py" line="168"/>
        <source>Nothing to paste</source>
        <translation>剪贴板中没有照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/main_window.py" line="169"/>
        <source>Copy a photo or an image file first.</source>
        <translation>请先复制一张照片或图片文件。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/main_window.py" line="185"/>
        <source>Dropped photo</source>
        <translation>拖入的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/main_window.py" line="305"/>
        <source>idphoto — ID photo studio</source>
        <translation>idphoto — 证件照工作室</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="14"/>
        <location filename="../../idphoto_gui/qt/messages.py" line="17"/>
        <source>This file cannot be opened</source>
        <translation>无法打开此文件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="15"/>
        <source>This image format is not supported</source>
        <translation>不支持此图片格式</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="16"/>
        <source>This image is too large</source>
        <translation>图片太大</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="18"/>
        <source>A model file is damaged or missing</source>
        <translation>模型文件损坏或缺失</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="19"/>
        <source>No face found</source>
        <translation>未检测到人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="20"/>
        <source>Several faces found</source>
        <translation>检测到多张人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="21"/>
        <source>The face is turned away</source>
        <translation>脸部没有正对镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="22"/>
        <source>No usable face found</source>
        <translation>没有可用的人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="23"/>
        <source>Template problem</source>
        <translation>规格有问题</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="24"/>
        <source>Not enough space around the head</source>
        <translation>头部周围空间不足</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="25"/>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="26"/>
        <source>Analysis cancelled</source>
        <translation>已取消分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="28"/>
        <source>Something went wrong</source>
        <translation>出现了问题</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="34"/>
        <source>The file may be damaged or not an image. Try another photo.</source>
        <translation>文件可能已损坏或不是图片。请换一张照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="35"/>
        <source>Save the photo as JPEG or PNG and open it again.</source>
        <translation>请将照片另存为 JPEG 或 PNG 后重新打开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="36"/>
        <source>Reduce the image size and open it again.</source>
        <translation>请缩小图片尺寸后重新打开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="37"/>
        <source>Try another photo.</source>
        <translation>请换一张照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="38"/>
        <source>Reinstall idphoto, or choose another matting model in Settings.</source>
        <translation>请重新安装 idphoto，或在设置中选择其他抠图模型。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="39"/>
        <source>Use a photo where the face is clearly visible and looks at the camera.</source>
        <translation>请使用脸部清晰、正对镜头的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="40"/>
        <source>Click the face to use in the original photo.</source>
        <translation>请在原图中点击要使用的人脸。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="41"/>
        <source>ID photos need the face looking straight at the camera.</source>
        <translation>证件照要求脸部正对镜头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="42"/>
        <source>Use a photo where the face is clearly visible.</source>
        <translation>请使用脸部清晰可见的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="43"/>
        <source>Choose another template.</source>
        <translation>请选择其他规格。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="44"/>
        <source>Use a photo with more space above the head and below the chin.</source>
        <translation>请使用头顶上方和下巴下方留有更多空间的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="45"/>
        <source>Check that the folder exists and is writable.</source>
        <translation>请确认文件夹存在且可写入。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="46"/>
        <source>Click “Analyse again” when you are ready.</source>
        <translation>准备好后点击“重新分析”。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="48"/>
        <source>Nothing was lost; you can carry on.</source>
        <translation>没有丢失任何内容，您可以继续操作。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="57"/>
        <source>%1 mm above the head</source>
        <translation>头顶上方 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="58"/>
        <source>%1 mm below</source>
        <translation>下方 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="59"/>
        <source>%1 mm at the left</source>
        <translation>左侧 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="60"/>
        <source>%1 mm at the right</source>
        <translation>右侧 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="64"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="66"/>
        <source>The photo lacks %1, and with its own background nothing may be added. Choose a background colour, or use a photo with more space.</source>
        <translation>照片缺少 %1，保留原背景时不能补画。请选择背景颜色，或换一张四周留白更多的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="68"/>
        <source>The photo ends through the head: %1 missing. A head is never invented, so this photo cannot be saved or printed for this template; use a photo with more space around the head.</source>
        <translation>照片边缘截断了头部：缺少 %1。头部不会被补画，因此这张照片不能用于此规格的保存或打印；请换一张头部四周留白更多的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="81"/>
        <source>Head height</source>
        <translation>头部高度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="82"/>
        <source>Eye line from the bottom</source>
        <translation>眼线距底边</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="83"/>
        <source>Space above the head</source>
        <translation>头顶留白</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="84"/>
        <source>Face off centre by</source>
        <translation>脸部偏离中线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="85"/>
        <source>Head tilt</source>
        <translation>头部倾斜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="86"/>
        <source>Face turned</source>
        <translation>脸部转向</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="87"/>
        <source>Distance between the eyes</source>
        <translation>两眼间距</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="88"/>
        <source>Enlarged</source>
        <translation>放大倍数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="89"/>
        <source>Face brightness</source>
        <translation>面部亮度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="90"/>
        <source>Left/right lighting difference</source>
        <translation>左右脸亮度差</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="91"/>
        <source>Face sharpness</source>
        <translation>面部清晰度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="92"/>
        <source>Background extended past the photo&apos;s edge by</source>
        <translation>照片边缘外已补充背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="93"/>
        <source>The photo ends where the head is; missing</source>
        <translation>照片在头部处被截断，缺少</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="94"/>
        <source>The photo ends inside the crop; missing</source>
        <translation>照片边缘落在裁剪框内，缺少</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="95"/>
        <source>Shoulders continued past the photo&apos;s edge by</source>
        <translation>肩部延伸到照片边缘之外</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="96"/>
        <source>Head raised or lowered</source>
        <translation>头部仰起或低下</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="97"/>
        <source>Gaze off the camera</source>
        <translation>视线偏离镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="113"/>
        <source>Eyes open</source>
        <translation>双眼睁开</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="114"/>
        <source>The eyes look narrowed or closed: open them wide</source>
        <translation>眼睛眯起或闭上：请睁大眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="115"/>
        <source>The eyes look closed</source>
        <translation>眼睛似乎闭着</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="116"/>
        <source>Eyes not judged: the head is turned too far</source>
        <translation>未判断眼睛：头部转动过大</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="117"/>
        <source>No red eye</source>
        <translation>无红眼</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="118"/>
        <source>Red eye: retake without a direct flash</source>
        <translation>有红眼：请不用直射闪光灯重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="119"/>
        <source>Eyes clear of hair</source>
        <translation>头发未遮挡眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="120"/>
        <source>Hair may cover an eye</source>
        <translation>头发可能遮挡眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="121"/>
        <source>Mouth closed</source>
        <translation>嘴巴闭合</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="122"/>
        <source>Lips apart: close the mouth</source>
        <translation>嘴唇微张：请闭上嘴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="123"/>
        <source>Mouth open: close the mouth</source>
        <translation>嘴巴张开：请闭上嘴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="124"/>
        <source>Neutral expression</source>
        <translation>表情自然</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="125"/>
        <source>A slight smile: keep a neutral face</source>
        <translation>略带微笑：请保持自然表情</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="126"/>
        <source>Smiling with teeth showing: keep a neutral face</source>
        <translation>露齿微笑：请保持自然表情</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="127"/>
        <source>Mouth wide open (laughing or talking): keep a neutral face</source>
        <translation>嘴张得太大（在笑或说话）：请保持自然表情</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="129"/>
        <source>Lips apart and the face not at rest: keep a neutral face, mouth closed</source>
        <translation>嘴唇微张，表情不够平静：请保持自然表情，闭上嘴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="128"/>
        <source>No glasses seen</source>
        <translation>未佩戴眼镜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="129"/>
        <source>Glasses worn: allowed only with clear lenses and no glare</source>
        <translation>佩戴眼镜：仅允许无色镜片且无反光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="130"/>
        <source>Glasses are not allowed for this photo: take them off</source>
        <translation>此证件照不允许戴眼镜：请摘下</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="131"/>
        <source>Lenses clear</source>
        <translation>镜片无色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="132"/>
        <source>Dark, tinted or mirrored lenses hide the eyes</source>
        <translation>深色、有色或镜面镜片遮挡了眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="133"/>
        <source>No glare on the lenses</source>
        <translation>镜片无反光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="134"/>
        <source>Reflections on the lenses: tilt the glasses or move the light</source>
        <translation>镜片有反光：请调整眼镜角度或移动光源</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="135"/>
        <source>Strong glare on the lenses hides the eyes</source>
        <translation>镜片强烈反光遮挡了眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="136"/>
        <source>No head covering seen</source>
        <translation>未戴帽子或头饰</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="137"/>
        <source>Head covering: allowed only for religious or medical reasons</source>
        <translation>戴有帽子或头饰：仅宗教或医疗原因允许</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="138"/>
        <source>Face evenly lit</source>
        <translation>面部光照均匀</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="139"/>
        <source>Shadows on one side of the face</source>
        <translation>面部一侧有阴影</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="140"/>
        <source>Strong shadows on one side of the face</source>
        <translation>面部一侧有浓重阴影</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="148"/>
        <source>Original background is even</source>
        <translation>原背景均匀</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="149"/>
        <source>Original background is uneven: check the cut-out edges</source>
        <translation>原背景不均匀：请检查抠图边缘</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="150"/>
        <source>Original background is plain</source>
        <translation>原背景干净</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="151"/>
        <source>Original background is busy: check the cut-out edges</source>
        <translation>原背景杂乱：请检查抠图边缘</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="152"/>
        <source>Background colour is allowed by this template</source>
        <translation>背景色符合该规格</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="153"/>
        <source>This template expects another background colour</source>
        <translation>该规格要求其他背景色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="154"/>
        <source>Face exposure cannot be judged</source>
        <translation>无法判断面部曝光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="155"/>
        <source>Background extended past the photo&apos;s edge</source>
        <translation>照片边缘外已补充背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="156"/>
        <source>The hair stays inside the photo</source>
        <translation>头发完整在照片内</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="157"/>
        <source>The hair touches the top edge: zoom out or move the photo down</source>
        <translation>头发触到上边缘：请缩小或把照片往下移</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="158"/>
        <source>This authority forbids altered photos: keep the original background</source>
        <translation>该机构不接受修改过的照片：请保留原背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="175"/>
        <source>mm</source>
        <translation>毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="175"/>
        <source>px</source>
        <translation>像素</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="188"/>
        <source>at most %1</source>
        <translation>不超过 %1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="190"/>
        <source>at least %1</source>
        <translation>不少于 %1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="213"/>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="213"/>
        <source>, needs %1</source>
        <translation>，要求 %1</translation>
    </message>
    <message>
        <source>This document needs both of you</source>
        <translation>此证件需要你们两人同框</translation>
    </message>
    <message>
        <source>Take one photo of the two of you together; two separate photos may not be combined.</source>
        <translation>请两人一起拍一张合影；不能把两张照片拼在一起。</translation>
    </message>
    <message>
        <source>The two eye lines differ by</source>
        <translation>两人眼睛高度相差</translation>
    </message>
    <message>
        <source>Space between the faces</source>
        <translation>两张脸之间的距离</translation>
    </message>
    <message>
        <source>Another person was cut out of</source>
        <translation>画面中被抠掉的他人占</translation>
    </message>
    <message>
        <source>the taller one lean in, the shorter one sit up</source>
        <translation>个子高的一方向中间靠一点，个子矮的一方坐直一点</translation>
    </message>
    <message>
        <source>sit a little apart</source>
        <translation>两人稍微分开一点</translation>
    </message>
    <message>
        <source>check the edge, or stand further apart</source>
        <translation>请检查边缘，或拍照时站得分开一些</translation>
    </message>
    <message>
        <source>sit closer together, shoulder to shoulder</source>
        <translation>两人靠近一些，肩并肩</translation>
    </message>
    <message>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <source>Left person: %1</source>
        <translation>左边的人：%1</translation>
    </message>
    <message>
        <source>Right person: %1</source>
        <translation>右边的人：%1</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <location filename="../../idphoto_gui/qt/names.py" line="74"/>
        <source>%1 × %2 px</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/names.py" line="77"/>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 毫米</translation>
    </message>
</context>
<context>
    <name>OperatorPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="207"/>
        <source>Full sheet</source>
        <translation>整版</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="214"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="256"/>
        <source>Kiosk settings</source>
        <translation>自助机设置</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="257"/>
        <source>Documents offered</source>
        <translation>提供的证件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="257"/>
        <source>Printer</source>
        <translation>打印机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="258"/>
        <source>Or print to PDF files in folder</source>
        <translation>或打印为 PDF 文件，保存到文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="258"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="259"/>
        <source>Copies offered</source>
        <translation>可选张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="259"/>
        <source>Colours offered</source>
        <translation>可选颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="260"/>
        <source>Start language</source>
        <translation>起始语言</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="260"/>
        <source>Inactivity timeout (s)</source>
        <translation>无操作超时（秒）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="261"/>
        <source>Warning before reset (s)</source>
        <translation>重置前提醒（秒）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="261"/>
        <source>Keep counters in kiosk.json</source>
        <translation>在 kiosk.json 中保存计数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="264"/>
        <source>Customers %1 · photos %2 · prints %3 · blocked %4 · faults %5</source>
        <translation>顾客 %1 · 拍照 %2 · 打印 %3 · 拦截 %4 · 故障 %5</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="270"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="270"/>
        <source>Change PIN</source>
        <translation>修改密码</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="270"/>
        <source>Reset counters</source>
        <translation>计数清零</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="271"/>
        <source>Quit kiosk</source>
        <translation>退出自助机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="271"/>
        <source>Back to customers</source>
        <translation>返回顾客界面</translation>
    </message>
</context>
<context>
    <name>PhotoPreview</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="220"/>
        <source>Eye line zone</source>
        <translation>眼线范围</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="222"/>
        <source>Head top / chin zone</source>
        <translation>头顶 / 下巴范围</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="223"/>
        <source>Measured</source>
        <translation>实测位置</translation>
    </message>
</context>
<context>
    <name>PinPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="115"/>
        <source>Set the staff PIN</source>
        <translation>设置工作人员密码</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="115"/>
        <source>Staff only</source>
        <translation>仅限工作人员</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="117"/>
        <source>Choose a PIN of 4 to 8 digits for the staff menu.</source>
        <translation>请为工作人员菜单设置 4 到 8 位数字密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="118"/>
        <source>Enter the staff PIN.</source>
        <translation>请输入工作人员密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="119"/>
        <source>Enter the same PIN again.</source>
        <translation>请再次输入相同的密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="120"/>
        <source>A PIN has 4 to 8 digits.</source>
        <translation>密码为 4 到 8 位数字。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="121"/>
        <source>The two PINs differ. Start again.</source>
        <translation>两次密码不一致，请重新输入。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="122"/>
        <source>Wrong PIN.</source>
        <translation>密码错误。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="123"/>
        <source>Too many wrong PINs. Wait a minute.</source>
        <translation>密码错误次数过多，请等一分钟。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="127"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="127"/>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="128"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="52"/>
        <source>Open another photo with Ctrl+O or drop it here.</source>
        <translation>按 Ctrl+O 打开其他照片，或把照片拖到这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="56"/>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="56"/>
        <source>Analysing face and background…</source>
        <translation>正在分析人脸和背景…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="57"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="140"/>
        <source>Analyse again</source>
        <translation>重新分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="142"/>
        <source>Try again</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="144"/>
        <source>Show faces</source>
        <translation>显示人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="146"/>
        <source>Open another photo…</source>
        <translation>打开其他照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="190"/>
        <source>Photos</source>
        <translation>照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/presenter.py" line="200"/>
        <source>%n photo(s)</source>
        <translation>%n 张</translation>
    </message>
</context>
<context>
    <name>ProductPage</name>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="102"/>
        <source>Full sheet: %n photo(s)</source>
        <translation>
            <numerusform>整版：%n 张</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="103"/>
        <source>%n photo(s)</source>
        <translation>
            <numerusform>%n 张</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="107"/>
        <source>How many photos?</source>
        <translation>需要几张？</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="108"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="109"/>
        <source>Printed at the exact size on %1 photo paper.</source>
        <translation>按实际尺寸打印在 %1 相纸上。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="110"/>
        <source>Print</source>
        <translation>打印</translation>
    </message>
</context>
<context>
    <name>Proof</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/proof.py" line="14"/>
        <source>PROOF</source>
        <translation>样片</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/i18n.py" line="17"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/i18n.py" line="18"/>
        <source>&amp;Look in:</source>
        <translation>查看(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>ReviewPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="38"/>
        <source>Your photo</source>
        <translation>您的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="39"/>
        <source>Retake</source>
        <translation>重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="40"/>
        <source>Accept</source>
        <translation>确认</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="52"/>
        <source>Your photo meets the rules. Accept it, or take it again.</source>
        <translation>照片符合要求。请确认，或重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="54"/>
        <source>Please take it again.</source>
        <translation>请重新拍摄。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="61"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="62"/>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="63"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="64"/>
        <source>Matting model</source>
        <translation>抠图模型</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="65"/>
        <source>Save to</source>
        <translation>保存到</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="66"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="67"/>
        <source>Changing the model analyses the photos again; results are cached per model.</source>
        <translation>更换模型后会重新分析照片；每个模型的结果都会缓存。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="70"/>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
</context>
<context>
    <name>SheetComposer</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="132"/>
        <source>Sheet composer</source>
        <translation>排版组合</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="133"/>
        <source>Photo</source>
        <translation>照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="133"/>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="133"/>
        <source>Copies</source>
        <translation>张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="134"/>
        <source>Add this photo</source>
        <translation>添加当前照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="135"/>
        <source>Add all photos</source>
        <translation>添加全部照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="136"/>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="137"/>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="138"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="139"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="140"/>
        <source>Customer</source>
        <translation>顾客</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="141"/>
        <source>Order number</source>
        <translation>订单号</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="142"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="143"/>
        <source>Printed in the margin, never over a photo</source>
        <translation>印在页边空白处，不会压住照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="144"/>
        <source>Proof: watermark on screen and on the proof print</source>
        <translation>样片：屏幕和样片打印带水印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="145"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="146"/>
        <source>Save as PDF, JPEG or PNG (never with the watermark)</source>
        <translation>保存为 PDF、JPEG 或 PNG（文件从不带水印）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="147"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="148"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="149"/>
        <source>Add photos from the strip to compose a sheet.</source>
        <translation>从左侧照片栏添加照片来组合排版。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="269"/>
        <source>%n photo(s)</source>
        <translation>
            <numerusform>%n 张</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="274"/>
        <source>Copies that did not fit on this paper: %1</source>
        <translation>这张相纸放不下的张数：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="276"/>
        <source>No room for the caption in the margin: it is left out.</source>
        <translation>页边没有空间放说明文字，已省略。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="306"/>
        <source>Saved: %1</source>
        <translation>已保存：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="322"/>
        <source>Sent to the printer.</source>
        <translation>已发送到打印机。</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="91"/>
        <source>ID photos in three minutes</source>
        <translation>三分钟拍好证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="92"/>
        <source>Passport, visa and ID card photos, printed here at the right size.</source>
        <translation>护照、签证、身份证照片，现场按标准尺寸打印。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="93"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/pages.py" line="94"/>
        <source>Staff</source>
        <translation>工作人员</translation>
    </message>
</context>
<context>
    <name>TemplatePicker</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/template_picker.py" line="193"/>
        <source>Choose a template</source>
        <translation>选择规格</translation>
    </message>
</context>
<context>
    <name>TemplatePopup</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/template_picker.py" line="69"/>
        <source>Search: 一寸, passport, visa, 35x45…</source>
        <translation>搜索：一寸、护照、签证、35x45…</translation>
    </message>
</context>
<context>
    <name>WarningOverlay</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/idle.py" line="108"/>
        <source>Are you still there?</source>
        <translation>您还在吗？</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/idle.py" line="109"/>
        <source>For your privacy the kiosk starts again in %n second(s).</source>
        <translation>
            <numerusform>为保护您的隐私，%n 秒后将重新开始。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/idle.py" line="111"/>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
</context>
<context>
    <name>OriginalView</name>
    <message>
        <source>Every person</source>
        <translation>每人各做一张</translation>
    </message>
    <message>
        <source>Make a photo of every person, each into the strip as its own photo</source>
        <translation>为照片中的每个人各做一张证件照，每张单独放入照片栏</translation>
    </message>
</context>
</TS>
