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
        <source>Clear finished customers</source>
        <translation>清除已完成的顾客</translation>
    </message>
    <message>
        <source>Orders…</source>
        <translation>订单…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="61"/>
        <source>Open photos…</source>
        <translation>打开照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="61"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="61"/>
        <source>Save photo…</source>
        <translation>保存照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="61"/>
        <source>Camera</source>
        <translation>拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="62"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="62"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="62"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="62"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="62"/>
        <source>Sheet composer…</source>
        <translation>排版组合…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="63"/>
        <source>Next photo</source>
        <translation>下一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="63"/>
        <source>Previous photo</source>
        <translation>上一张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="63"/>
        <source>Close photo</source>
        <translation>关闭照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Automatic crop</source>
        <translation>自动裁剪</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Choose template…</source>
        <translation>选择规格…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="64"/>
        <source>Guides</source>
        <translation>参考线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="65"/>
        <source>Original</source>
        <translation>原图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="65"/>
        <source>Cancel analysis</source>
        <translation>取消分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="65"/>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="66"/>
        <source>中文 / English</source>
        <translation>中文 / English</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="66"/>
        <source>About idphoto</source>
        <translation>关于 idphoto</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="66"/>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/actions.py" line="67"/>
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
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="86"/>
        <source>Choose the background colour</source>
        <translation>选择背景颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="87"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="88"/>
        <source>Only the colours this document allows are shown.</source>
        <translation>只显示此证件允许的颜色。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="89"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>CameraMode</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/camera_mode.py" line="65"/>
        <source>The camera cannot be used</source>
        <translation>无法使用摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/camera_mode.py" line="66"/>
        <source>The camera support of this system is missing; import photos instead.</source>
        <translation>本系统缺少摄像头支持；请改为导入照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/camera_mode.py" line="76"/>
        <source>Camera photo</source>
        <translation>拍摄的照片</translation>
    </message>
</context>
<context>
    <name>CameraStep</name>
    <message>
        <source>The photographer takes your photo now. It appears here in a moment.</source>
        <translation>摄影师正在为您拍照，照片稍后会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="82"/>
        <source>Look at the camera</source>
        <translation>请看摄像头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="83"/>
        <source>Follow the hints, then press the red button. After 3-2-1 we take three photos and keep the best.</source>
        <translation>按提示调整姿势，再按红色按钮。倒数 3-2-1 后连拍三张，选出最好的。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/camera_step.py" line="136"/>
        <source>Look at the photographer&apos;s camera and keep still.</source>
        <translation>请看摄影师的相机，保持不动。</translation>
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
    <name>ClothingPicker</name>
    <message>
        <source>None (own clothing)</source>
        <translation>无（本人服装）</translation>
    </message>
    <message>
        <source>Put a formal garment on the photo; the head is never changed</source>
        <translation>为照片换上正装；头部绝不改动</translation>
    </message>
    <message>
        <source>This document must show your own clothing: no garment may be put on.</source>
        <translation>此证件须显示本人服装：不能换装。</translation>
    </message>
    <message>
        <source>The photo is cut close below the chin: put on a garment rather than paint the shoulders in.</source>
        <translation>照片在下巴下方裁得太紧：请换上服装，而不是补画肩部。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="118"/>
        <source>The studio&apos;s own garments</source>
        <translation>影楼自己的服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="119"/>
        <source>Fit this garment…</source>
        <translation>调整此服装…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/clothing_picker.py" line="120"/>
        <source>Make a garment from this photo…</source>
        <translation>用这张照片制作服装…</translation>
    </message>
</context>
<context>
    <name>ColourSwatches</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="237"/>
        <source>Custom colour…</source>
        <translation>自定义颜色…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="131"/>
        <source>Recent</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="130"/>
        <source>More colours…</source>
        <translation>更多颜色…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="223"/>
        <source>The photo&apos;s own background (crop only, no cut-out)</source>
        <translation>照片原背景（只裁剪，不抠图）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="224"/>
        <source>what this authority asks for</source>
        <translation>该机构的要求</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="226"/>
        <source>allowed by this template</source>
        <translation>该规格允许的颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/swatches.py" line="252"/>
        <source>Background colour</source>
        <translation>背景颜色</translation>
    </message>
</context>
<context>
    <name>CompliancePanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="122"/>
        <source>Checks appear here once a photo is analysed.</source>
        <translation>照片分析完成后，检查结果会显示在这里。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="130"/>
        <source>Does not meet the rules: %n problem(s)</source>
        <translation>
            <numerusform>不符合要求：%n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="133"/>
        <source>Check %n item(s) before printing</source>
        <translation>
            <numerusform>打印前请检查 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/compliance_panel.py" line="136"/>
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
        <source>The print dialog opens when it is ready.</source>
        <translation>准备好后会自动打开打印对话框。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="98"/>
        <source>Contact sheet</source>
        <translation>总览页</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="105"/>
        <source>Preparing the sheet…</source>
        <translation>正在准备排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="106"/>
        <source>Press Print again in a moment.</source>
        <translation>请稍后再点一次“打印”。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="116"/>
        <source>Sent to the printer</source>
        <translation>已发送到打印机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="117"/>
        <source>The sheet was sent at true size.</source>
        <translation>排版已按实际尺寸发送。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="122"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/export_actions.py" line="123"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
</context>
<context>
    <name>ExportPanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="121"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="122"/>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="123"/>
        <source>File size cap</source>
        <translation>文件大小上限</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="125"/>
        <source>No limit</source>
        <translation>不限制</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="126"/>
        <source>Upload portals often limit the file size; 0 means no limit.</source>
        <translation>报名网站常限制文件大小；0 表示不限制。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="127"/>
        <source>Save photo…</source>
        <translation>保存照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="128"/>
        <source>Save the ID photo (Ctrl+S)</source>
        <translation>保存证件照 (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="129"/>
        <source>Save transparent cut-out…</source>
        <translation>保存透明背景抠图…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="130"/>
        <source>Print sheet</source>
        <translation>排版打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="131"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="132"/>
        <source>Copies</source>
        <translation>张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="133"/>
        <source>Fill the sheet</source>
        <translation>排满整张</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="134"/>
        <source>Save sheet…</source>
        <translation>保存排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="135"/>
        <source>Print…</source>
        <translation>打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="136"/>
        <source>Print the sheet at true size (Ctrl+P)</source>
        <translation>按实际尺寸打印排版 (Ctrl+P)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="137"/>
        <source>Save the print sheet as JPEG, PNG or PDF (Ctrl+Shift+S)</source>
        <translation>将排版保存为 JPEG、PNG 或 PDF (Ctrl+Shift+S)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="138"/>
        <source>Sheet…</source>
        <translation>组合排版…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="139"/>
        <source>Compose a sheet of several photos and sizes (Ctrl+M)</source>
        <translation>把多张照片、多种尺寸排到一张相纸上 (Ctrl+M)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="140"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="141"/>
        <source>Print preview at true size</source>
        <translation>按实际尺寸预览打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="142"/>
        <source>Contact sheet of all photos…</source>
        <translation>全部照片总览页…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="143"/>
        <source>Thumbnails of every photo in the strip with its name and worst check</source>
        <translation>照片栏中每张照片的缩略图，附文件名和最严重的检查结果</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="145"/>
        <source>A PNG with a transparent background, same crop</source>
        <translation>透明背景的 PNG，裁剪相同</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/export_panel.py" line="174"/>
        <source>%n photo(s) on this sheet</source>
        <translation>
            <numerusform>本张可排 %n 张</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FailGate</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="27"/>
        <source>This photo does not meet the rules</source>
        <translation>这张照片不符合要求</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="28"/>
        <source>Check this photo before you go on</source>
        <translation>继续之前请检查这张照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="30"/>
        <source>The checks found problems:</source>
        <translation>检查发现以下问题：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="34"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="50"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="71"/>
        <source>Print anyway</source>
        <translation>仍然打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/fail_gate.py" line="73"/>
        <source>Save anyway</source>
        <translation>仍然保存</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="59"/>
        <source>Images</source>
        <translation>图片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="59"/>
        <source>All files</source>
        <translation>所有文件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="60"/>
        <source>Open photos</source>
        <translation>打开照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="73"/>
        <source>Save ID photo</source>
        <translation>保存证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="76"/>
        <source>Save transparent cut-out</source>
        <translation>保存透明背景抠图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="78"/>
        <source>Save contact sheet</source>
        <translation>保存总览页</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/file_dialogs.py" line="81"/>
        <source>Save print sheet</source>
        <translation>保存排版</translation>
    </message>
</context>
<context>
    <name>KioskText</name>
    <message>
        <source>You are dressed in the garment you chose.</source>
        <translation>已为您换上所选服装。</translation>
    </message>
    <message>
        <source>Too little of your shoulders is in the photo, and this document allows nothing to be added: step back a little and take it again.</source>
        <translation>照片中的肩部太少，而此证件不允许补画：请稍微后退，重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="29"/>
        <source>The light and colour were corrected.</source>
        <translation>照片的光线和颜色已校正。</translation>
    </message>
    <message>
        <source>No camera: connect a webcam, or choose a camera or the camera software's folder under Staff -&gt; Camera.</source>
        <translation>没有相机：请连接摄像头，或在“工作人员 -&gt; 相机”中选择相机或联机软件的文件夹。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="30"/>
        <source>Your skin was lightly retouched.</source>
        <translation>已为您轻度修饰皮肤。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="31"/>
        <source>The photo was adjusted.</source>
        <translation>照片已调整。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="34"/>
        <source>Your head is the right size.</source>
        <translation>头部大小合适。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="35"/>
        <source>Your eyes are at the right height.</source>
        <translation>眼睛高度合适。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="36"/>
        <source>The space above your head is right.</source>
        <translation>头顶留白合适。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="37"/>
        <source>Your face is in the middle.</source>
        <translation>脸部居中。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="38"/>
        <source>Your head is not tilted to one side.</source>
        <translation>头部没有歪向一侧。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="39"/>
        <source>You face the camera squarely.</source>
        <translation>脸正对摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="40"/>
        <source>You are close enough to the camera.</source>
        <translation>离摄像头足够近。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="41"/>
        <source>The photo has enough pixels to print.</source>
        <translation>照片像素足够打印。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="42"/>
        <source>Your face is well lit.</source>
        <translation>脸部光线充足。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="43"/>
        <source>The light on your face is even.</source>
        <translation>脸部光线均匀。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="44"/>
        <source>The photo is in focus.</source>
        <translation>照片对焦清晰。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="45"/>
        <source>The background colour is allowed.</source>
        <translation>背景颜色符合要求。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="46"/>
        <source>The wall behind you is even.</source>
        <translation>身后的墙面均匀。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="47"/>
        <source>The wall behind you is plain.</source>
        <translation>身后的墙面素净。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="48"/>
        <source>The background reaches every edge.</source>
        <translation>背景覆盖到每条边。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="49"/>
        <source>Your head and shoulders fit in the photo.</source>
        <translation>头部和肩膀完整在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="50"/>
        <source>Your whole head is in the photo.</source>
        <translation>整个头部都在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="51"/>
        <source>There is room around your head.</source>
        <translation>头部周围留有空间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="52"/>
        <source>Your hair fits in the photo.</source>
        <translation>头发完整在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="53"/>
        <source>Your shoulders fit in the photo.</source>
        <translation>肩膀完整在照片内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="54"/>
        <source>Your chin is level.</source>
        <translation>头部没有仰头或低头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="55"/>
        <source>Your eyes are open.</source>
        <translation>眼睛睁开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="56"/>
        <source>Your eyes can be seen clearly.</source>
        <translation>眼睛清晰可见。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="57"/>
        <source>Your eyes look into the camera.</source>
        <translation>眼睛看着摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="58"/>
        <source>No glasses problem.</source>
        <translation>眼镜没有问题。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="59"/>
        <source>No glare on glasses.</source>
        <translation>眼镜没有反光。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="60"/>
        <source>No tinted glasses.</source>
        <translation>没有有色眼镜。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="61"/>
        <source>No red eyes.</source>
        <translation>没有红眼。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="62"/>
        <source>Your head is not covered.</source>
        <translation>头部没有遮挡。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="63"/>
        <source>Your mouth is closed.</source>
        <translation>嘴巴闭合。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="64"/>
        <source>Your expression is neutral.</source>
        <translation>表情自然。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="65"/>
        <source>No shadows on your face.</source>
        <translation>脸上没有阴影。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="67"/>
        <source>This check is fine.</source>
        <translation>此项检查通过。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="70"/>
        <source>Your head is too small in the photo: come a little closer.</source>
        <translation>照片中头部太小：请靠近一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="71"/>
        <source>Your head is too large in the photo: step back a little.</source>
        <translation>照片中头部太大：请后退一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="72"/>
        <source>Your eyes are not at the right height: keep your head level.</source>
        <translation>眼睛高度不合适：请保持头部水平。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="73"/>
        <source>The space above your head is not right: stand straight.</source>
        <translation>头顶留白不合适：请站直。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="74"/>
        <source>Your face is not in the middle: stand in the centre.</source>
        <translation>脸部不在中间：请站到中间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="75"/>
        <source>Your head is tilted: keep it straight.</source>
        <translation>头部倾斜：请保持端正。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="76"/>
        <source>Your face is turned: look straight at the camera.</source>
        <translation>脸部偏转：请正视摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="77"/>
        <source>The photo is not detailed enough: come a little closer.</source>
        <translation>照片细节不足：请靠近一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="78"/>
        <source>The photo is enlarged a lot: come a little closer.</source>
        <translation>照片放大过多：请靠近一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="79"/>
        <source>Your face is too dark: stand in the middle, facing the camera, and take it again.</source>
        <translation>脸部太暗：请站在中间、正对摄像头，重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="80"/>
        <source>Your face is too bright: stand in the middle, facing the camera, and take it again.</source>
        <translation>脸部太亮：请站在中间、正对摄像头，重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="81"/>
        <source>One side of your face is darker than the other: face the camera squarely and take it again.</source>
        <translation>脸部一侧比另一侧暗：请正对摄像头，重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="82"/>
        <source>The photo is blurred: keep still.</source>
        <translation>照片模糊：请保持不动。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="83"/>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="90"/>
        <source>You are too close: your head and shoulders must fit in the frame.</source>
        <translation>您离得太近：头部和肩膀必须完整在画面内。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="85"/>
        <source>You are near the edge of the picture: stand in the centre.</source>
        <translation>您靠近画面边缘：请站到中间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="87"/>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="88"/>
        <source>The edge around your hair may not be clean: look at it closely, and take the photo again if it looks wrong.</source>
        <translation>头发边缘可能不够干净：请仔细看一下，不自然就重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="89"/>
        <source>This document needs another background colour.</source>
        <translation>此证件需要其他背景颜色。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="92"/>
        <source>There is too little room around your head: step back a little.</source>
        <translation>头部周围空间不足：请后退一点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="93"/>
        <source>Some of your hair is outside the photo: step back a little.</source>
        <translation>部分头发超出照片：请稍微后退。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="94"/>
        <source>Your shoulders were completed at the photo&apos;s edge: step back a little to show them.</source>
        <translation>照片边缘的肩膀是补全的：请稍微后退，让肩膀完整入镜。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="95"/>
        <source>Your head is tipped up or down: keep it level.</source>
        <translation>头部仰起或低下：请保持平视。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="96"/>
        <source>Keep your eyes open.</source>
        <translation>请睁开眼睛。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="97"/>
        <source>Your eyes must be clearly visible.</source>
        <translation>眼睛必须清晰可见。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="98"/>
        <source>Look straight into the camera.</source>
        <translation>请直视摄像头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="99"/>
        <source>Please take off your glasses.</source>
        <translation>请摘下眼镜。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="100"/>
        <source>Your glasses reflect the light: take them off.</source>
        <translation>眼镜反光：请摘下眼镜。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="101"/>
        <source>Tinted glasses are not allowed: take them off.</source>
        <translation>不允许佩戴有色眼镜：请摘下。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="102"/>
        <source>Your eyes look red in the photo: try again.</source>
        <translation>照片中出现红眼：请再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="103"/>
        <source>Your head must not be covered: take off your hat, unless you wear it for religious or medical reasons.</source>
        <translation>头部不能有遮挡：除宗教或医疗原因外，请摘下帽子。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="104"/>
        <source>Close your mouth.</source>
        <translation>请闭上嘴巴。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="105"/>
        <source>Keep a neutral expression, without smiling.</source>
        <translation>请保持自然表情，不要笑。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="106"/>
        <source>There are shadows on your face: face the camera squarely and take it again.</source>
        <translation>脸上有阴影：请正对摄像头，重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="108"/>
        <source>Something in this photo is not right.</source>
        <translation>这张照片有问题。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="123"/>
        <source>The cut-out of this photo is not clean: take the photo again.</source>
        <translation>这张照片的抠图不干净：请重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="116"/>
        <source>This photo cannot be printed. %1</source>
        <translation>这张照片不能打印。%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="122"/>
        <source>We could not see your face: look at the camera and try again.</source>
        <translation>没有看到您的脸：请看摄像头，再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="123"/>
        <source>Only one person may be in the photo: please try again alone.</source>
        <translation>照片中只能有一个人：请单独再拍一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="124"/>
        <source>Your face is turned: look straight at the camera and try again.</source>
        <translation>脸部偏转：请正视摄像头，再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="125"/>
        <source>We could not use this photo: please try again.</source>
        <translation>这张照片无法使用：请再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="136"/>
        <source>The camera is not working right now. Please ask a member of staff for help.</source>
        <translation>摄像头暂时无法使用，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="138"/>
        <source>No camera: connect one, or choose it in the kiosk settings.</source>
        <translation>没有摄像头：请连接摄像头，或在自助机设置中选择。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="139"/>
        <source>The camera was disconnected. Please ask a member of staff for help.</source>
        <translation>摄像头已断开，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="140"/>
        <source>The camera was unplugged during a session.</source>
        <translation>拍摄过程中摄像头被拔出。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="141"/>
        <source>The printer is not available. Please ask a member of staff for help.</source>
        <translation>打印机不可用，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="142"/>
        <source>No printer: check the printer name or the PDF folder.</source>
        <translation>没有打印机：请检查打印机名称或 PDF 文件夹。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="143"/>
        <source>The printer did not accept your photos. Please ask a member of staff for help.</source>
        <translation>打印机未能接受打印任务，请联系工作人员。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="145"/>
        <source>The printer refused a job: check paper, ink and the queue.</source>
        <translation>打印机拒绝了任务：请检查相纸、墨水和打印队列。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="146"/>
        <source>Your photo could not be checked. Please try again.</source>
        <translation>无法检查您的照片，请再试一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="147"/>
        <source>A photo could not be analysed (see the log).</source>
        <translation>一张照片无法分析（见日志）。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="154"/>
        <source>Something went wrong. Please ask a member of staff for help.</source>
        <translation>出现问题，请联系工作人员。</translation>
    </message>
    <message>
        <source>This photo needs both of you: please sit side by side in front of the camera and try again.</source>
        <translation>这张照片需要你们两人同框：请并肩坐在镜头前，再拍一次。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="155"/>
        <source>Your photo could not be read. Please try again.</source>
        <translation>无法读取您的照片，请重试。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/text.py" line="156"/>
        <source>The camera software wrote a photo that cannot be read (damaged or cut short): check the tethering software and its folder.</source>
        <translation>相机软件写入的照片无法读取（已损坏或不完整）：请检查联机拍摄软件及其文件夹。</translation>
    </message>
</context>
<context>
    <name>KioskWindow</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="181"/>
        <source>Checking your photo…</source>
        <translation>正在检查照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="181"/>
        <source>This takes a few seconds.</source>
        <translation>需要几秒钟。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="251"/>
        <source>Printing…</source>
        <translation>正在打印…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="251"/>
        <source>Your photos are being printed.</source>
        <translation>正在打印您的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="266"/>
        <source>Thank you!</source>
        <translation>谢谢！</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="266"/>
        <source>Take your photos from the printer.</source>
        <translation>请从打印机取走照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="267"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="297"/>
        <source>Sorry</source>
        <translation>抱歉</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="297"/>
        <source>Start again</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/window.py" line="297"/>
        <source>Try again</source>
        <translation>再试一次</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing_flow.py" line="59"/>
        <source>One moment…</source>
        <translation>请稍候…</translation>
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
        <location filename="../../idphoto_gui/qt/widgets/live_view.py" line="132"/>
        <source>Plug it in again: the picture comes back by itself.</source>
        <translation>请重新插上摄像头，画面会自动恢复。</translation>
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
    <name>LookPanel</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="95"/>
        <source>Automatic light and colour</source>
        <translation>自动校正光线和颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="96"/>
        <source>Exposure and white balance from the face&apos;s own skin and the neutral clothing and background</source>
        <translation>曝光和白平衡依据本人面部皮肤以及中性色的衣服和背景自动调整</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="98"/>
        <source>Brightness</source>
        <translation>亮度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="98"/>
        <source>Contrast</source>
        <translation>对比度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="99"/>
        <source>Warmth</source>
        <translation>色温</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="99"/>
        <source>Retouch</source>
        <translation>修饰</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="102"/>
        <source>Skin smoothing that keeps pores, blemish removal and under-eye lightening; the face is never reshaped</source>
        <translation>保留毛孔的磨皮、祛痘祛斑、淡化黑眼圈；绝不改变脸型</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="104"/>
        <source>Compare before and after</source>
        <translation>对比修饰前后</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="105"/>
        <source>Hold B to see the photo as taken.</source>
        <translation>按住 B 键查看原始效果。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="110"/>
        <source>This document allows no retouching: only light and colour may be corrected.</source>
        <translation>此证件不允许修饰照片，只能校正光线和颜色。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/look_panel.py" line="111"/>
        <source>This document allows blemish removal only; the skin is not smoothed.</source>
        <translation>此证件只允许去除瑕疵，不做磨皮。</translation>
    </message>
</context>
<context>
    <name>MainUi</name>
    <message>
        <source>Clothing</source>
        <translation>服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="174"/>
        <source>Add photos (Ctrl+O)</source>
        <translation>添加照片 (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="175"/>
        <source>Photo</source>
        <translation>证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="176"/>
        <source>Print sheet</source>
        <translation>排版打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="177"/>
        <source>The finished ID photo</source>
        <translation>制作完成的证件照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="178"/>
        <source>The print sheet as it will be printed</source>
        <translation>打印出来的排版效果</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="179"/>
        <source>Guides</source>
        <translation>参考线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="180"/>
        <source>Show head-height, eye-line and centre guides (G)</source>
        <translation>显示头高、眼线和中线参考线 (G)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="182"/>
        <source>Painted</source>
        <translation>补画区域</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="183"/>
        <source>Outline what was painted in past the photo&apos;s edge</source>
        <translation>标出照片边缘之外补画的部分</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="184"/>
        <source>Original</source>
        <translation>原图</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="182"/>
        <source>Show the original photo beside the result (O)</source>
        <translation>在成品旁显示原图 (O)</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="183"/>
        <source>Close photo</source>
        <translation>关闭照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="184"/>
        <source>The print sheet appears here once a photo is ready.</source>
        <translation>照片制作完成后，排版会显示在这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="185"/>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="185"/>
        <source>Background</source>
        <translation>背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="185"/>
        <source>Adjust</source>
        <translation>调整</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="186"/>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="186"/>
        <source>Save and print</source>
        <translation>保存与打印</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="186"/>
        <source>Light and retouch</source>
        <translation>光线与修饰</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="189"/>
        <source>Before</source>
        <translation>修饰前</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/ui.py" line="189"/>
        <source>After</source>
        <translation>修饰后</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>The preferences file could not be read</source>
        <translation>无法读取偏好设置文件</translation>
    </message>
    <message>
        <source>It was kept as %1. The default preferences are used.</source>
        <translation>原文件已另存为 %1。现使用默认偏好设置。</translation>
    </message>
    <message>
        <source>The default preferences are used.</source>
        <translation>现使用默认偏好设置。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="166"/>
        <source>Pasted photo</source>
        <translation>粘贴的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="171"/>
        <source>Nothing to paste</source>
        <translation>剪贴板中没有照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="172"/>
        <source>Copy a photo or an image file first.</source>
        <translation>请先复制一张照片或图片文件。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="188"/>
        <source>Dropped photo</source>
        <translation>拖入的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/main_window.py" line="321"/>
        <source>idphoto — ID photo studio</source>
        <translation>idphoto — 证件照工作室</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Clothing replaced with %1</source>
        <translation>服装已替换为%1</translation>
    </message>
    <message>
        <source>Clothing not replaced: this document allows no such change</source>
        <translation>未替换服装：此证件不允许这样的修改</translation>
    </message>
    <message>
        <source>this document allows no invented clothing: retake with more room below the chin</source>
        <translation>此证件不允许补画衣服：请在下巴下方留出更多空间重拍</translation>
    </message>
    <message>
        <source>put on a garment (Clothing), or shoot with more room below the chin</source>
        <translation>可换上服装（服装），或在下巴下方留出更多空间重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="14"/>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="17"/>
        <source>This file cannot be opened</source>
        <translation>无法打开此文件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="15"/>
        <source>This image format is not supported</source>
        <translation>不支持此图片格式</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="16"/>
        <source>This image is too large</source>
        <translation>图片太大</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="18"/>
        <source>A model file is damaged or missing</source>
        <translation>模型文件损坏或缺失</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="19"/>
        <source>No face found</source>
        <translation>未检测到人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="20"/>
        <source>Several faces found</source>
        <translation>检测到多张人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="21"/>
        <source>The face is turned away</source>
        <translation>脸部没有正对镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="318"/>
        <source>The face is turned %1°: turn the face to the person&apos;s right, towards the camera. The checks that could still be judged are listed beside the photo.</source>
        <translation>脸部转开了 %1°：请本人向自己的右侧转头，正对镜头。仍能判断的检查项列在照片旁边。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="321"/>
        <source>The face is turned %1°: turn the face to the person&apos;s left, towards the camera. The checks that could still be judged are listed beside the photo.</source>
        <translation>脸部转开了 %1°：请本人向自己的左侧转头，正对镜头。仍能判断的检查项列在照片旁边。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="22"/>
        <source>No usable face found</source>
        <translation>没有可用的人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="23"/>
        <source>Template problem</source>
        <translation>规格有问题</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="24"/>
        <source>Not enough space around the head</source>
        <translation>头部周围空间不足</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="25"/>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="26"/>
        <source>Not saved: that is the original photo</source>
        <translation>未保存：这是原始照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="48"/>
        <source>The original photo is never overwritten: choose another file name.</source>
        <translation>原始照片永远不会被覆盖：请换一个文件名。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="26"/>
        <source>Analysis cancelled</source>
        <translation>已取消分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="28"/>
        <source>Something went wrong</source>
        <translation>出现了问题</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="34"/>
        <source>The file may be damaged or not an image. Try another photo.</source>
        <translation>文件可能已损坏或不是图片。请换一张照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="35"/>
        <source>Save the photo as JPEG or PNG and open it again.</source>
        <translation>请将照片另存为 JPEG 或 PNG 后重新打开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="36"/>
        <source>Reduce the image size and open it again.</source>
        <translation>请缩小图片尺寸后重新打开。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="37"/>
        <source>Try another photo.</source>
        <translation>请换一张照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="38"/>
        <source>Reinstall idphoto, or choose another matting model in Settings.</source>
        <translation>请重新安装 idphoto，或在设置中选择其他抠图模型。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="39"/>
        <source>Use a photo where the face is clearly visible and looks at the camera.</source>
        <translation>请使用脸部清晰、正对镜头的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="40"/>
        <source>Click the face to use in the original photo.</source>
        <translation>请在原图中点击要使用的人脸。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="41"/>
        <source>ID photos need the face looking straight at the camera.</source>
        <translation>证件照要求脸部正对镜头。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="42"/>
        <source>Use a photo where the face is clearly visible.</source>
        <translation>请使用脸部清晰可见的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="43"/>
        <source>Choose another template.</source>
        <translation>请选择其他规格。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="44"/>
        <source>Use a photo with more space above the head and below the chin.</source>
        <translation>请使用头顶上方和下巴下方留有更多空间的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="45"/>
        <source>Check that the folder exists and is writable.</source>
        <translation>请确认文件夹存在且可写入。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="46"/>
        <source>Click “Analyse again” when you are ready.</source>
        <translation>准备好后点击“重新分析”。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="48"/>
        <source>Nothing was lost; you can carry on.</source>
        <translation>没有丢失任何内容，您可以继续操作。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="57"/>
        <source>%1 mm above the head</source>
        <translation>头顶上方 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="58"/>
        <source>%1 mm below</source>
        <translation>下方 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="59"/>
        <source>%1 mm at the left</source>
        <translation>左侧 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="60"/>
        <source>%1 mm at the right</source>
        <translation>右侧 %1 毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="64"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="66"/>
        <source>The photo lacks %1, and with its own background nothing may be added. Choose a background colour, or use a photo with more space.</source>
        <translation>照片缺少 %1，保留原背景时不能补画。请选择背景颜色，或换一张四周留白更多的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="68"/>
        <source>The photo ends through the head: %1 missing. A head is never invented, so this photo cannot be saved or printed for this template; use a photo with more space around the head.</source>
        <translation>照片边缘截断了头部：缺少 %1。头部不会被补画，因此这张照片不能用于此规格的保存或打印；请换一张头部四周留白更多的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="81"/>
        <source>Head height</source>
        <translation>头部高度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="82"/>
        <source>Eye line from the bottom</source>
        <translation>眼线距底边</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="83"/>
        <source>Space above the head</source>
        <translation>头顶留白</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="84"/>
        <source>Face off centre by</source>
        <translation>脸部偏离中线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="85"/>
        <source>Head tilt</source>
        <translation>头部倾斜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="86"/>
        <source>Face turned</source>
        <translation>脸部转向</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="87"/>
        <source>Distance between the eyes</source>
        <translation>两眼间距</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="88"/>
        <source>Enlarged</source>
        <translation>放大倍数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="89"/>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="280"/>
        <source>Face brightness</source>
        <translation>面部亮度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="90"/>
        <source>Left/right lighting difference</source>
        <translation>左右脸亮度差</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="91"/>
        <source>Face sharpness</source>
        <translation>面部清晰度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="92"/>
        <source>Background extended past the photo&apos;s edge by</source>
        <translation>照片边缘外已补充背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="93"/>
        <source>The photo ends where the head is; missing</source>
        <translation>照片在头部处被截断，缺少</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="94"/>
        <source>The photo ends inside the crop; missing</source>
        <translation>照片边缘落在裁剪框内，缺少</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="95"/>
        <source>Shoulders painted in past the photo&apos;s edge:</source>
        <translation>原照片边缘以外补画的肩部：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="118"/>
        <source>Hair may cover an eye: move the hair off the eyes</source>
        <translation>头发可能遮住眼睛：请把头发拨离眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="128"/>
        <source>Glasses worn: allowed only with clear lenses and no glare; take glasses off if you can</source>
        <translation>佩戴眼镜：仅允许无色镜片且无反光；可以的话请摘下眼镜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="132"/>
        <source>Dark, tinted or mirrored lenses hide the eyes: take glasses off</source>
        <translation>深色、有色或反光镜片遮住了眼睛：请摘下眼镜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="135"/>
        <source>Strong glare on the lenses hides the eyes: take glasses off</source>
        <translation>镜片强烈反光遮住了眼睛：请摘下眼镜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="137"/>
        <source>Head covering: take it off unless it is worn for religious or medical reasons</source>
        <translation>戴有头饰：除宗教或医疗原因外请摘下</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="140"/>
        <source>Shadows on one side of the face: light it evenly from the front</source>
        <translation>面部一侧有阴影：请从正面均匀照亮面部</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="141"/>
        <source>Strong shadows on one side of the face: light it evenly from the front</source>
        <translation>面部一侧阴影明显：请从正面均匀照亮面部</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="150"/>
        <source>Original background is uneven: check the cut-out edges, or re-shoot against a plain white or off-white wall</source>
        <translation>原背景不均匀：请检查抠图边缘，或在纯白或米白色墙前重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="154"/>
        <source>Original background is busy: check the cut-out edges, or re-shoot against a plain white or off-white wall</source>
        <translation>原背景杂乱：请检查抠图边缘，或在纯白或米白色墙前重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="224"/>
        <source>The shoulders below the chin were painted in (%1 mm): shoot with more room below the chin</source>
        <translation>下巴以下的肩部是程序补画的（%1 毫米）：拍摄时请在下巴下方多留空间</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="241"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="248"/>
        <source>turn your face to your right, towards the camera</source>
        <translation>请把脸向自己的右侧转，正对镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="249"/>
        <source>turn your face to your left, towards the camera</source>
        <translation>请把脸向自己的左侧转，正对镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="251"/>
        <source>lower your chin a little</source>
        <translation>请稍微收下巴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="252"/>
        <source>raise your chin a little</source>
        <translation>请稍微抬起下巴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="254"/>
        <source>hold the head level</source>
        <translation>请保持头部端正</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="255"/>
        <source>look straight into the lens</source>
        <translation>请直视镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="256"/>
        <source>zoom the crop, or use a photo with more room around the head</source>
        <translation>请缩放裁剪框，或使用头部周围空间更多的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="257"/>
        <source>move the crop up or down</source>
        <translation>请上下移动裁剪框</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="258"/>
        <source>move the crop so the whole head is inside</source>
        <translation>请移动裁剪框，使整个头部都在照片内</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="312"/>
        <source>the hair runs past the photo&apos;s top edge, so use a photo with more space above the head</source>
        <translation>头发超出了照片的上边缘，请换一张头顶上方留有更多空间的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="211"/>
        <source>The hair runs past the photo&apos;s top edge: use a photo with more space above the head</source>
        <translation>头发超出了照片的上边缘：请换一张头顶上方留有更多空间的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="259"/>
        <source>move the crop sideways</source>
        <translation>请左右移动裁剪框</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="260"/>
        <source>use a larger photo</source>
        <translation>请使用尺寸更大的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="261"/>
        <source>use a sharper or larger photo</source>
        <translation>请使用更清晰或尺寸更大的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="262"/>
        <source>light the face evenly, neither too dark nor too bright</source>
        <translation>请均匀照亮面部，不要过暗或过亮</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="263"/>
        <source>light both sides of the face evenly</source>
        <translation>请均匀照亮面部两侧</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="264"/>
        <source>hold the camera still and focus on the eyes</source>
        <translation>请保持相机稳定并对焦在眼睛上</translation>
    </message>
    <message>
        <source>the shoulders below the chin were painted in: shoot with more room below the chin</source>
        <translation type="vanished">下巴以下的肩部是程序补画的：拍摄时请在下巴下方多留空间</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="265"/>
        <source>use a photo with more space around the head</source>
        <translation>请使用头部周围空间更多的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="266"/>
        <source>choose a background colour, or use a photo with more space</source>
        <translation>请选择一种背景色，或使用空间更多的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="274"/>
        <source>Eyes</source>
        <translation>眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="274"/>
        <source>Red eye</source>
        <translation>红眼</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="275"/>
        <source>Hair over the eyes</source>
        <translation>头发遮眼</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="275"/>
        <source>Gaze</source>
        <translation>视线</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="276"/>
        <source>Mouth</source>
        <translation>嘴部</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="276"/>
        <source>Expression</source>
        <translation>表情</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="277"/>
        <source>Head covering</source>
        <translation>头饰</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="277"/>
        <source>Head tilt up or down</source>
        <translation>抬头或低头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="278"/>
        <source>Glasses</source>
        <translation>眼镜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="278"/>
        <source>Lenses</source>
        <translation>镜片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="279"/>
        <source>Glare on glasses</source>
        <translation>眼镜反光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="279"/>
        <source>Shadows</source>
        <translation>阴影</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="280"/>
        <source>Lighting</source>
        <translation>光照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="281"/>
        <source>Sharpness</source>
        <translation>清晰度</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="283"/>
        <source>%1 not judged: the head is turned too far, or the face is cut by the photo&apos;s edge</source>
        <translation>%1未判断：头部转动过大，或面部被照片边缘截断</translation>
    </message>
    <message>
        <source>Shoulders continued past the photo&apos;s edge by</source>
        <translation type="vanished">肩部延伸到照片边缘之外</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="96"/>
        <source>Head raised or lowered</source>
        <translation>头部仰起或低下</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="97"/>
        <source>Gaze off the camera</source>
        <translation>视线偏离镜头</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="111"/>
        <source>Eyes open</source>
        <translation>双眼睁开</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="112"/>
        <source>The eyes look narrowed or closed: open them wide</source>
        <translation>眼睛眯起或闭上：请睁大眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="113"/>
        <source>The eyes look closed</source>
        <translation>眼睛似乎闭着</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="114"/>
        <source>Eyes not judged: the head is turned too far</source>
        <translation>未判断眼睛：头部转动过大</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="115"/>
        <source>No red eye</source>
        <translation>无红眼</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="116"/>
        <source>Red eye: retake without a direct flash</source>
        <translation>有红眼：请不用直射闪光灯重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="117"/>
        <source>Eyes clear of hair</source>
        <translation>头发未遮挡眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="118"/>
        <source>Hair may cover an eye</source>
        <translation type="vanished">头发可能遮挡眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="119"/>
        <source>Mouth closed</source>
        <translation>嘴巴闭合</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="120"/>
        <source>Lips apart: close the mouth</source>
        <translation>嘴唇微张：请闭上嘴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="121"/>
        <source>Mouth open: close the mouth</source>
        <translation>嘴巴张开：请闭上嘴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="122"/>
        <source>Neutral expression</source>
        <translation>表情自然</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="123"/>
        <source>A slight smile: keep a neutral face</source>
        <translation>略带微笑：请保持自然表情</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="238"/>
        <source>The cut-out shows the background through the face, neck or chest: make the photo again, or use another photo</source>
        <translation>抠图在脸部、颈部或胸前透出了背景：请重新制作照片，或换一张照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="240"/>
        <source>Something not joined to the person is in the photo (an object, another person&apos;s hand, a scrap of the old background): make the photo again without it, or use another photo</source>
        <translation>照片里有与人物不相连的东西（物品、别人的手或原背景的残片）：请去掉它后重新制作，或换一张照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="243"/>
        <source>A patch of the old background stays beside the head or shoulders: make the photo again, or use a photo against a plain wall</source>
        <translation>头部或肩膀旁边残留了一块原背景：请重新制作照片，或换一张在纯色墙前拍的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="261"/>
        <source>A half-transparent piece of an object from the old background stays beside the person: make the photo again, or use a photo against a plain wall</source>
        <translation>人物旁边残留了原背景中某个物体的半透明部分：请重新制作照片，或换一张在纯色墙前拍的照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="263"/>
        <source>Something is held in front of the chest: take it away and take the photo again</source>
        <translation>胸前有手持的物体：请拿开后重新拍照</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="124"/>
        <source>Smiling with teeth showing: keep a neutral face</source>
        <translation>露齿微笑：请保持自然表情</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="125"/>
        <source>Mouth wide open (laughing or talking): keep a neutral face</source>
        <translation>嘴张得太大（在笑或说话）：请保持自然表情</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="126"/>
        <source>Lips apart and the face not at rest: keep a neutral face, mouth closed</source>
        <translation>嘴唇微张，表情不够平静：请保持自然表情，闭上嘴</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="127"/>
        <source>No glasses seen</source>
        <translation>未佩戴眼镜</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="128"/>
        <source>Glasses worn: allowed only with clear lenses and no glare</source>
        <translation type="vanished">佩戴眼镜：仅允许无色镜片且无反光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="129"/>
        <source>Glasses are not allowed for this photo: take them off</source>
        <translation>此证件照不允许戴眼镜：请摘下</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="130"/>
        <source>Lenses clear</source>
        <translation>镜片无色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="131"/>
        <source>Dark, tinted or mirrored lenses hide the eyes</source>
        <translation type="vanished">深色、有色或镜面镜片遮挡了眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="132"/>
        <source>No glare on the lenses</source>
        <translation>镜片无反光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="133"/>
        <source>Reflections on the lenses: tilt the glasses or move the light</source>
        <translation>镜片有反光：请调整眼镜角度或移动光源</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="134"/>
        <source>Strong glare on the lenses hides the eyes</source>
        <translation type="vanished">镜片强烈反光遮挡了眼睛</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="135"/>
        <source>No head covering seen</source>
        <translation>未戴帽子或头饰</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="136"/>
        <source>Head covering: allowed only for religious or medical reasons</source>
        <translation type="vanished">戴有帽子或头饰：仅宗教或医疗原因允许</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="137"/>
        <source>Face evenly lit</source>
        <translation>面部光照均匀</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="138"/>
        <source>Shadows on one side of the face</source>
        <translation type="vanished">面部一侧有阴影</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="139"/>
        <source>Strong shadows on one side of the face</source>
        <translation type="vanished">面部一侧有浓重阴影</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="147"/>
        <source>Original background is even</source>
        <translation>原背景均匀</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="148"/>
        <source>Original background is uneven: check the cut-out edges</source>
        <translation type="vanished">原背景不均匀：请检查抠图边缘</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="149"/>
        <source>Original background is plain</source>
        <translation>原背景干净</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="150"/>
        <source>Original background is busy: check the cut-out edges</source>
        <translation type="vanished">原背景杂乱：请检查抠图边缘</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="151"/>
        <source>Background colour is allowed by this template</source>
        <translation>背景色符合该规格</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="152"/>
        <source>This template expects another background colour</source>
        <translation>该规格要求其他背景色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="153"/>
        <source>Face exposure cannot be judged</source>
        <translation>无法判断面部曝光</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="160"/>
        <source>This background colour is not allowed for this template: choose one of its colours</source>
        <translation>该规格不允许此背景色：请选择该规格的颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="162"/>
        <source>This template needs a white background: choose White</source>
        <translation>该规格要求白色背景：请选择白色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="164"/>
        <source>The original background is not a colour this template allows: choose one of its colours, or re-shoot against a plain wall of that colour</source>
        <translation>原背景颜色不符合该规格：请选择该规格的颜色，或在该颜色的纯色墙前重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="167"/>
        <source>The original background is not white: choose White to replace it, or re-shoot against a plain white or off-white wall</source>
        <translation>原背景不是白色：请选择白色替换，或在纯白或米白色墙前重拍</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="170"/>
        <source>Background replaced with white: accepted; next time shoot against a plain white or off-white wall</source>
        <translation>背景已替换为白色：可以接受；下次请在纯白或米白色墙前拍摄</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="173"/>
        <source>Background extended past the photo&apos;s edge</source>
        <translation>照片边缘外已补充背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="155"/>
        <source>The hair stays inside the photo</source>
        <translation>头发完整在照片内</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="156"/>
        <source>The hair touches the top edge: zoom out or move the photo down</source>
        <translation>头发触到上边缘：请缩小或把照片往下移</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="157"/>
        <source>This authority forbids altered photos: keep the original background</source>
        <translation>该机构不接受修改过的照片：请保留原背景</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="174"/>
        <source>mm</source>
        <translation>毫米</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="174"/>
        <source>px</source>
        <translation>像素</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="181"/>
        <source>Shoulders continued past the photo&apos;s edge: %1 mm below the chin line were painted in</source>
        <translation>肩部延伸到照片边缘之外：下巴线以下有 %1 毫米为补画内容</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="182"/>
        <source>Shoulders continued past the photo&apos;s edge: %1 mm at the sides were painted in</source>
        <translation>肩部延伸到照片边缘之外：两侧有 %1 毫米为补画内容</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="183"/>
        <source>Shoulders continued past the photo&apos;s edge: %1 mm were painted in a plain garment shade (the photo shows too little clothing to copy)</source>
        <translation>肩部延伸到照片边缘之外：有 %1 毫米以纯色衣服补画（照片中可参照的衣服太少）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="198"/>
        <source>at most %1</source>
        <translation>不超过 %1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="189"/>
        <source>at least %1</source>
        <translation>不少于 %1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="200"/>
        <source>Light and colour corrected (exposure %1 EV); the checks judge the corrected photo</source>
        <translation>光线和颜色已校正（曝光 %1 EV）；检查针对校正后的照片</translation>
    </message>
    <message>
        <source>Light and colour corrected (exposure %1 EV), but the colour cues disagreed: check the colour and set the warmth by hand if it is off</source>
        <translation>光线和颜色已校正（曝光 %1 EV），但各项颜色线索不一致：请检查颜色，如有偏差请手动调整色温</translation>
    </message>
    <message>
        <source>Light and colour corrected (exposure %1 EV), but much of the background is blown out and its colour lost: check the colour and set the warmth by hand if it is off</source>
        <translation>光线和颜色已校正（曝光 %1 EV），但背景大面积过曝、颜色已丢失：请检查颜色，如有偏差请手动调整色温</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="204"/>
        <source>Retouched at strength %1: skin smoothed (freckles and fine marks fade with it), %n spot(s) removed, under-eyes lightened; nothing reshaped</source>
        <translation>已按强度 %1 修饰：磨皮（雀斑和细小痕迹随之变淡）、去除 %n 处斑点、淡化黑眼圈；未改变脸型</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="206"/>
        <source>Retouched at strength %1: %n spot(s) removed only; this document allows no skin smoothing</source>
        <translation>已按强度 %1 修饰：仅去除 %n 处斑点；此证件不允许磨皮</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="208"/>
        <source>Retouch not applied: this document allows only light and colour changes</source>
        <translation>未修饰：此证件只允许调整光线和颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="210"/>
        <source>Retouch not applied: the face&apos;s landmarks were not found</source>
        <translation>未修饰：未找到面部特征点</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="234"/>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/messages.py" line="234"/>
        <source>, needs %1</source>
        <translation>，要求 %1</translation>
    </message>
    <message>
        <source>shoot with more room below the chin</source>
        <translation>拍摄时下巴以下请多留些空间</translation>
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
        <source>Mean head height</source>
        <translation>两人平均头部高度</translation>
    </message>
    <message>
        <source>Mean eye line from the bottom</source>
        <translation>两人平均眼线距底边</translation>
    </message>
    <message>
        <source>sit closer together, shoulder to shoulder</source>
        <translation>两人靠近一些，肩并肩</translation>
    </message>
    <message>
        <source>Left person: %1</source>
        <translation>左边的人：%1</translation>
    </message>
    <message>
        <source>Right person: %1</source>
        <translation>右边的人：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/messages.py" line="318"/>
        <source>Clothing not replaced: that garment is not in the garment folder any more</source>
        <translation>未换装：服装文件夹中已没有该服装</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/names.py" line="74"/>
        <source>%1 × %2 px</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/names.py" line="77"/>
        <source>%1 × %2 mm</source>
        <translation>%1 × %2 毫米</translation>
    </message>
</context>
<context>
    <name>OperatorPage</name>
    <message>
        <source>Camera software's folder (below)</source>
        <translation>相机联机软件的文件夹（见下）</translation>
    </message>
    <message>
        <source>Where EOS Utility, NX Tether, Capture One … save each shot</source>
        <translation>EOS Utility、NX Tether、Capture One 等保存照片的文件夹</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>相机</translation>
    </message>
    <message>
        <source>Camera software's folder</source>
        <translation>联机软件文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="207"/>
        <source>Full sheet</source>
        <translation>整版</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="216"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="262"/>
        <source>Kiosk settings</source>
        <translation>自助机设置</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="263"/>
        <source>Documents offered</source>
        <translation>提供的证件</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="263"/>
        <source>Printer</source>
        <translation>打印机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="264"/>
        <source>Or print to PDF files in folder</source>
        <translation>或打印为 PDF 文件，保存到文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="264"/>
        <source>Paper</source>
        <translation>相纸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="265"/>
        <source>Copies offered</source>
        <translation>可选张数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="265"/>
        <source>Colours offered</source>
        <translation>可选颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="266"/>
        <source>Start language</source>
        <translation>起始语言</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="266"/>
        <source>Inactivity timeout (s)</source>
        <translation>无操作超时（秒）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="267"/>
        <source>Warning before reset (s)</source>
        <translation>重置前提醒（秒）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="267"/>
        <source>Keep counters in kiosk.json</source>
        <translation>在 kiosk.json 中保存计数</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="268"/>
        <source>Correct light and colour automatically</source>
        <translation>自动校正光线和颜色</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="269"/>
        <source>Retouch strength (0 = off; only documents that allow it)</source>
        <translation>修饰强度（0 = 关闭；限可修饰的证件）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="272"/>
        <source>Customers %1 · photos %2 · prints %3 · blocked %4 · faults %5</source>
        <translation>顾客 %1 · 拍照 %2 · 打印 %3 · 拦截 %4 · 故障 %5</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="278"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="278"/>
        <source>Change PIN</source>
        <translation>修改密码</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="278"/>
        <source>Reset counters</source>
        <translation>计数清零</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="279"/>
        <source>Quit kiosk</source>
        <translation>退出自助机</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="279"/>
        <source>Back to customers</source>
        <translation>返回顾客界面</translation>
    </message>
</context>
<context>
    <name>PhotoPreview</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="281"/>
        <source>Eye line zone</source>
        <translation>眼线范围</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="283"/>
        <source>Head top / chin zone</source>
        <translation>头顶 / 下巴范围</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/preview.py" line="284"/>
        <source>Measured</source>
        <translation>实测位置</translation>
    </message>
</context>
<context>
    <name>PinPage</name>
    <message>
        <source>The staff PIN in kiosk.json was changed by hand or damaged, so it was unset. Choose a new PIN of 4 to 8 digits.</source>
        <translation>kiosk.json 中保存的员工密码被手动改动或已损坏，无法再用，已被清除。请设置新的 4 到 8 位数字密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="115"/>
        <source>Set the staff PIN</source>
        <translation>设置工作人员密码</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="116"/>
        <source>Staff only</source>
        <translation>仅限工作人员</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="118"/>
        <source>Choose a PIN of 4 to 8 digits for the staff menu.</source>
        <translation>请为工作人员菜单设置 4 到 8 位数字密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="119"/>
        <source>Enter the staff PIN.</source>
        <translation>请输入工作人员密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="120"/>
        <source>Enter the same PIN again.</source>
        <translation>请再次输入相同的密码。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="121"/>
        <source>A PIN has 4 to 8 digits.</source>
        <translation>密码为 4 到 8 位数字。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="122"/>
        <source>The two PINs differ. Start again.</source>
        <translation>两次密码不一致，请重新输入。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="123"/>
        <source>Wrong PIN.</source>
        <translation>密码错误。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="124"/>
        <source>Too many wrong PINs. Wait a minute.</source>
        <translation>密码错误次数过多，请等一分钟。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="128"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="128"/>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/operator.py" line="129"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="54"/>
        <source>Open another photo with Ctrl+O or drop it here.</source>
        <translation>按 Ctrl+O 打开其他照片，或把照片拖到这里。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="58"/>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="58"/>
        <source>Analysing face and background…</source>
        <translation>正在分析人脸和背景…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="59"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="145"/>
        <source>Analyse again</source>
        <translation>重新分析</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="147"/>
        <source>Try again</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="149"/>
        <source>Show faces</source>
        <translation>显示人脸</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="151"/>
        <source>Open another photo…</source>
        <translation>打开其他照片…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="199"/>
        <source>Photos</source>
        <translation>照片</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/presenter.py" line="209"/>
        <source>%n photo(s)</source>
        <translation>%n 张</translation>
    </message>
</context>
<context>
    <name>ProductPage</name>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="103"/>
        <source>Full sheet: %n photo(s)</source>
        <translation>
            <numerusform>整版：%n 张</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="104"/>
        <source>%n photo(s)</source>
        <translation>
            <numerusform>%n 张</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="108"/>
        <source>How many photos?</source>
        <translation>需要几张？</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="109"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="110"/>
        <source>Printed at the exact size on %1 photo paper.</source>
        <translation>按实际尺寸打印在 %1 相纸上。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/choices.py" line="111"/>
        <source>Print</source>
        <translation>打印</translation>
    </message>
</context>
<context>
    <name>Proof</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/proof.py" line="14"/>
        <source>PROOF</source>
        <translation>样片</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/common/i18n.py" line="17"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/i18n.py" line="18"/>
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
        <source>Please step back a little and take the photo again: your shoulders do not fit in it. Or accept it with the shoulders completed.</source>
        <translation>请稍微后退一点再拍一次：您的肩膀没有完全拍进照片。也可以接受这张补全了肩膀的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="55"/>
        <source>Your photo meets the rules. Accept it, or take it again.</source>
        <translation>照片符合要求。请确认，或重新拍摄。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/review.py" line="57"/>
        <source>Please take it again.</source>
        <translation>请重新拍摄。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>Memory for photos</source>
        <translation>照片占用内存</translation>
    </message>
    <message>
        <source>Automatic (%1 MB)</source>
        <translation>自动（%1 MB）</translation>
    </message>
    <message>
        <source>Never store photos on disk (no cache of analyses)</source>
        <translation>从不在磁盘上保存照片（不缓存分析结果）</translation>
    </message>
    <message>
        <source>Clear finished customers after</source>
        <translation>已完成的顾客自动清除时间</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source>Template for new photos</source>
        <translation>新照片的默认模板</translation>
    </message>
    <message>
        <source>Watch a folder</source>
        <translation>监视文件夹</translation>
    </message>
    <message>
        <source>The camera software's folder: new photos open by themselves</source>
        <translation>相机联机软件的文件夹：新照片会自动打开</translation>
    </message>
    <message>
        <source>Give new photos the current template and background</source>
        <translation>新照片使用当前的模板和背景</translation>
    </message>
    <message>
        <source>Keep orders</source>
        <translation>订单保留</translation>
    </message>
    <message>
        <source>for ever</source>
        <translation>永久</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Orders remember where each photo is (off: only the settings are kept)</source>
        <translation>订单记录每张照片的位置（关闭：只保留设置）</translation>
    </message>
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
    <message>
        <location filename="../../idphoto_gui/qt/widgets/settings_dialog.py" line="122"/>
        <source>Garments</source>
        <translation>服装</translation>
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
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="270"/>
        <source>%n photo(s)</source>
        <translation>
            <numerusform>%n 张</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="275"/>
        <source>Copies that did not fit on this paper: %1</source>
        <translation>这张相纸放不下的张数：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="277"/>
        <source>No room for the caption in the margin: it is left out.</source>
        <translation>页边没有空间放说明文字，已省略。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="307"/>
        <source>Saved: %1</source>
        <translation>已保存：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/sheet_composer.py" line="323"/>
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
    <name>OrdersDialog</name>
    <message>
        <source>Orders</source>
        <translation>订单</translation>
    </message>
    <message>
        <source>Search by name, phone or order number, or date (2026-12-01)</source>
        <translation>按姓名、电话或订单号、日期（2026-12-01）搜索</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>顾客</translation>
    </message>
    <message>
        <source>Phone / order no.</source>
        <translation>电话/订单号</translation>
    </message>
    <message>
        <source>Photos</source>
        <translation>照片</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation>重新打开</translation>
    </message>
    <message>
        <source>Open the order's photos with the edits they were printed with</source>
        <translation>按当时的编辑重新打开该订单的照片</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Printed</source>
        <translation>已打印</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>Draft</source>
        <translation>草稿</translation>
    </message>
    <message>
        <source>full sheet</source>
        <translation>整版</translation>
    </message>
    <message>
        <source>(photo not stored)</source>
        <translation>（未保存照片）</translation>
    </message>
    <message>
        <source>No orders match.</source>
        <translation>没有匹配的订单。</translation>
    </message>
    <message>
        <source>No orders yet: saving, printing or composing a sheet records one.</source>
        <translation>还没有订单：保存、打印或拼版时会自动记录。</translation>
    </message>
    <message>
        <source>Order %1: some photos could not be reopened:</source>
        <translation>订单 %1：有照片无法重新打开：</translation>
    </message>
    <message numerus="yes">
        <source>Order %1 reopened: %n photo(s).</source>
        <translation>
            <numerusform>订单 %1 已重新打开：%n 张照片。</numerusform>
        </translation>
    </message>
    <message>
        <source>The source photo is gone: %1. Open it again from where it is now.</source>
        <translation>源照片已不在：%1。请从它现在的位置重新打开。</translation>
    </message>
    <message>
        <source>The source photo has changed since the order: %1. Check it before printing.</source>
        <translation>源照片在下单后已被修改：%1。打印前请检查。</translation>
    </message>
    <message>
        <source>This order keeps only its settings (photos are not stored): open the photo again.</source>
        <translation>此订单只保存了设置（不保存照片）：请重新打开照片。</translation>
    </message>
</context>
<context>
    <name>OrderHooks</name>
    <message>
        <source>Some photos of the kept sheet could not be reopened.</source>
        <translation>保留的拼版中有照片无法重新打开。</translation>
    </message>
    <message>
        <source>Quit without printing?</source>
        <translation>不打印就退出？</translation>
    </message>
    <message>
        <source>The composed sheet has not been printed. It is kept as a draft and comes back next time.</source>
        <translation>拼好的版面还没有打印。它会作为草稿保留，下次启动时恢复。</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>继续工作</translation>
    </message>
    <message>
        <source>Order book</source>
        <translation>订单簿</translation>
    </message>
</context>
<context>
    <name>HotFolder</name>
    <message>
        <source>Watching the folder again</source>
        <translation>已恢复监视文件夹</translation>
    </message>
    <message>
        <source>The watched folder is gone</source>
        <translation>监视的文件夹不见了</translation>
    </message>
    <message>
        <source>%1 cannot be read. New photos are picked up again as soon as it is back.</source>
        <translation>无法读取 %1。文件夹恢复后会继续接收新照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/hot_folder.py" line="142"/>
        <source>A photo in the watched folder cannot be read</source>
        <translation>监视文件夹中有一张照片无法读取</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/common/hot_folder.py" line="143"/>
        <source>%1 is damaged or incomplete and was skipped. Save it again from the camera software, or take the photo again.</source>
        <translation>%1 已损坏或不完整，已跳过。请在相机软件中重新保存，或重新拍摄。</translation>
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
<context>
    <name>OrderDesk</name>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_desk.py" line="67"/>
        <source>The order book could not be read. It was kept as %1 and a new one started; earlier orders are in the kept file.</source>
        <translation>无法读取订单簿。原文件已另存为 %1，并已新建订单簿；以前的订单在另存的文件中。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/window/order_desk.py" line="79"/>
        <source>The order book %1 cannot be opened, so saves and prints are not recorded. Check that the settings folder is writable, then restart idphoto.</source>
        <translation>无法打开订单簿 %1，保存和打印将不会被记录。请确认设置文件夹可写入，然后重新启动 idphoto。</translation>
    </message>
</context>
<context>
    <name>FittingDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="172"/>
        <source>Fit garment: %1</source>
        <translation>调整服装：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="173"/>
        <source>Drag the points onto the garment: red, the collar&apos;s front; blue, the collar&apos;s inner corners beside the neck; orange, the shoulder tips.</source>
        <translation>把各点拖到服装上：红点为领口前端；蓝点为脖子两侧的领口内角；橙点为两肩端点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="175"/>
        <source>Find the points again</source>
        <translation>重新自动查找各点</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="176"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="177"/>
        <source>For</source>
        <translation>适用</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="178"/>
        <source>Men</source>
        <translation>男士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="178"/>
        <source>Women</source>
        <translation>女士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="178"/>
        <source>Children</source>
        <translation>儿童</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="180"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="181"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="202"/>
        <source>The collar&apos;s inner corners must be apart (the neck goes between them).</source>
        <translation>两个领口内角必须分开（脖子在两者之间）。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="204"/>
        <source>The collar&apos;s front must lie between its inner corners.</source>
        <translation>领口前端必须位于两个内角之间。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="206"/>
        <source>The collar&apos;s front must be at or below its inner corners.</source>
        <translation>领口前端必须与内角齐平或在其下方。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="208"/>
        <source>The shoulders must be wider than twice the neck&apos;s opening.</source>
        <translation>肩宽必须大于领口宽度的两倍。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_fitting.py" line="229"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>GarmentFolder</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="46"/>
        <source>%1 has no transparency: save it as a PNG whose background and neck opening are transparent.</source>
        <translation>%1 没有透明区域：请另存为背景和领口透明的 PNG。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="48"/>
        <source>%1 is empty: the whole picture is transparent.</source>
        <translation>%1 是空的：整张图都是透明的。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="49"/>
        <source>%1: no neck opening was found. Make the neck&apos;s opening transparent, or set its anchors with Fit…</source>
        <translation>%1：未找到领口。请把领口处设为透明，或用“调整此服装…”手动设置各点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="51"/>
        <source>%1 is missing: its description (JSON) has no picture beside it.</source>
        <translation>缺少 %1：其说明文件（JSON）旁没有对应图片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="52"/>
        <source>%1: its description (JSON) cannot be read; fit the garment again to rewrite it.</source>
        <translation>%1：说明文件（JSON）无法读取；请重新调整该服装以重写。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="60"/>
        <source>%n garment(s) in this folder.</source>
        <translation>
            <numerusform>此文件夹中有 %n 件服装。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="66"/>
        <source>…and %1 more.</source>
        <translation>…另有 %1 个。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="67"/>
        <source>%n file(s) cannot be used:</source>
        <translation>
            <numerusform>%n 个文件无法使用：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GarmentFolderRow</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="113"/>
        <source>This folder does not exist.</source>
        <translation>此文件夹不存在。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="116"/>
        <source>Reading the folder…</source>
        <translation>正在读取文件夹…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="125"/>
        <source>Only the built-in garments are offered.</source>
        <translation>仅提供内置服装。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="136"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="137"/>
        <source>A folder of garment PNGs (transparent background and neck)</source>
        <translation>存放服装 PNG 的文件夹（背景和领口透明）</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_folder.py" line="147"/>
        <source>Garments folder</source>
        <translation>服装文件夹</translation>
    </message>
</context>
<context>
    <name>GarmentHooks</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="28"/>
        <source>No face was found: a garment is cut below the chin, so use a photo of a person or a mannequin whose face shows.</source>
        <translation>未找到人脸：服装从下巴以下裁出，请使用能看到人或模特面部的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="32"/>
        <source>The photo ends %1 face heights below the chin; a garment needs %2 (%3 px more). Use a photo taken from farther away that shows the shoulders and the chest.</source>
        <translation>照片只到下巴以下 %1 个脸高；制作服装需要 %2 个（还差 %3 像素）。请使用离远一些、能拍到肩膀和胸部的照片。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="38"/>
        <source>A garment of that name is already in the folder: choose another name (nothing was replaced).</source>
        <translation>文件夹中已有同名服装：请换个名称（未替换任何文件）。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="130"/>
        <source>This garment cannot be fitted</source>
        <translation>无法调整此服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="143"/>
        <source>Choose the studio&apos;s garment folder</source>
        <translation>选择影楼的服装文件夹</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="167"/>
        <source>Garment made: %1</source>
        <translation>服装已制作：%1</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="168"/>
        <source>It is in the Clothing list; Fit this garment… adjusts its points.</source>
        <translation>已加入服装列表；可用“调整此服装…”微调各点。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="174"/>
        <source>No garment was made</source>
        <translation>未能制作服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="176"/>
        <source>Making the garment…</source>
        <translation>正在制作服装…</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="171"/>
        <source>%1 % of it is coloured like skin: bare arms or a hand would be pasted on with it. Look at it before using it, or use a photo of the garment on a mannequin.</source>
        <translation>其中 %1% 的颜色像皮肤：裸露的手臂或手会一起被贴上。使用前请先查看，或改用穿在模特上的服装照片。</translation>
    </message>
</context>
<context>
    <name>MakeDialog</name>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="49"/>
        <source>Make a garment from this photo</source>
        <translation>用这张照片制作服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="52"/>
        <source>Men</source>
        <translation>男士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="52"/>
        <source>Women</source>
        <translation>女士</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="52"/>
        <source>Children</source>
        <translation>儿童</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="55"/>
        <source>The clothing below the collar is cut out of the photo (the head and the neck left transparent) and saved in %1 as a PNG with its anchors.</source>
        <translation>将从照片中裁出领口以下的服装（头部和脖子留为透明），连同定位点保存为 PNG，存放于 %1。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="60"/>
        <source>Make</source>
        <translation>制作</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="61"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="66"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="67"/>
        <source>For</source>
        <translation>适用</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/widgets/garment_hooks.py" line="76"/>
        <source>Use letters, digits, &apos;-&apos; and &apos;_&apos; for the name (it names the files).</source>
        <translation>名称只能使用字母、数字、“-”和“_”（它将作为文件名）。</translation>
    </message>
</context>
<context>
    <name>ClothingPage</name>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="97"/>
        <source>Choose your clothing</source>
        <translation>选择服装</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="98"/>
        <source>A formal garment can be put on your photo; your face and hair stay as they are.</source>
        <translation>可以为照片换上正装；面部和头发保持不变。</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="99"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="100"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <location filename="../../idphoto_gui/qt/kiosk/clothing.py" line="103"/>
        <source>My own clothing</source>
        <translation>本人服装</translation>
    </message>
</context>
</TS>
